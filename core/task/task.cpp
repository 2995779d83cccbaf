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

std::vector<std::uint8_t> flat_type_table(const Task& task) {
    const std::size_t n = static_cast<std::size_t>(task.num_objects());
    std::vector<std::uint8_t> table(task.types.size() * n, 0);
    for (std::size_t t = 0; t < task.types.size(); ++t) {
        for (ObjectId o : task.objects_of_type[t])
            table[t * n + o] = 1;
    }
    return table;
}

}  // namespace ll
