// Printing of ground atoms and actions.
#include "core/task/task.hpp"

namespace ll {

namespace {
std::string call(const std::string& head, std::span<const ObjectId> args, const Task& task) {
    std::string out = "(" + head;
    for (ObjectId o : args) {
        out += ' ';
        out += task.objects[o].name;
    }
    out += ')';
    return out;
}
}  // namespace

std::string to_string(const Task& task, const GroundAction& action) {
    return call(task.schemas[action.schema].name, action.arguments, task);
}

std::string to_string(const Task& task, const GroundAtom& atom) {
    return call(task.predicates[atom.predicate].name, atom.arguments, task);
}

}  // namespace ll
