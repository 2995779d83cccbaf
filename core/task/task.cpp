// Printing of ground atoms and actions.
#include "core/task/task.hpp"

#include <algorithm>

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
    const ActionSchema& schema = task.schemas[action.schema];
    std::span<const ObjectId> args = action.arguments;
    const auto printed = static_cast<std::size_t>(std::max(0, schema.printed_arity()));
    return call(schema.name, args.first(std::min(args.size(), printed)), task);
}

std::string to_string(const Task& task, const GroundAtom& atom) {
    return call(task.predicates[atom.predicate].name, atom.arguments, task);
}

}  // namespace ll
