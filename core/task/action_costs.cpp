// Ground action costs, plan costs, cost types and the value tables of static
// numeric functions (see action_costs.hpp).
#include "core/task/action_costs.hpp"

#include <algorithm>
#include <string>

#include "core/common/error.hpp"

namespace ll {

namespace {

// Functions with at most this many argument tuples get a dense table.
constexpr std::uint64_t kMaxDenseValues = std::uint64_t(1) << 20;

std::string undefined_message(const Task& task, SchemaId schema,
                              std::span<const ObjectId> arguments, const CostTerm& term,
                              std::span<const ObjectId> values) {
    std::string f = "(" + task.functions[term.function].name;
    for (ObjectId o : values)
        f += " " + task.objects[o].name;
    f += ")";
    return "the cost of " +
           to_string(task, GroundAction{schema, {arguments.begin(), arguments.end()}}) +
           " is undefined: " + f + " has no value in :init";
}

}  // namespace

void NumericFunction::reset_values(int num_objects) {
    num_objects_ = num_objects;
    const std::uint64_t size = dense_table_size(
        arity(), static_cast<std::uint64_t>(std::max(num_objects, 1)), kMaxDenseValues);
    dense_ = size <= kMaxDenseValues;
    dense_values_.assign(dense_ ? static_cast<std::size_t>(size) : 0, -1);
    sparse_values_.clear();
}

std::int64_t NumericFunction::dense_index(std::span<const ObjectId> arguments) const {
    return static_cast<std::int64_t>(dense_tuple_index(arguments.data(),
                                                       static_cast<int>(arguments.size()),
                                                       static_cast<std::uint64_t>(num_objects_)));
}

void NumericFunction::set(std::span<const ObjectId> arguments, int value) {
    if (dense_) {
        dense_values_[static_cast<std::size_t>(dense_index(arguments))] = value;
        return;
    }
    sparse_values_.emplace_back(std::vector<ObjectId>(arguments.begin(), arguments.end()), value);
}

void NumericFunction::finish_values() {
    // A later value for the same arguments wins, as in the dense table.
    std::stable_sort(sparse_values_.begin(), sparse_values_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::pair<std::vector<ObjectId>, std::int32_t>> unique;
    for (auto& entry : sparse_values_) {
        if (!unique.empty() && unique.back().first == entry.first) {
            unique.back().second = entry.second;
        } else {
            unique.push_back(std::move(entry));
        }
    }
    sparse_values_ = std::move(unique);
}

int NumericFunction::value(std::span<const ObjectId> arguments) const {
    if (dense_) return dense_values_[static_cast<std::size_t>(dense_index(arguments))];
    const std::vector<ObjectId> key(arguments.begin(), arguments.end());
    auto it = std::lower_bound(sparse_values_.begin(), sparse_values_.end(), key,
                               [](const auto& entry, const auto& k) { return entry.first < k; });
    if (it == sparse_values_.end() || it->first != key) return -1;
    return it->second;
}

int NumericFunction::min_value() const {
    int best = -1;
    for (std::int32_t v : dense_values_) {
        if (v >= 0 && (best < 0 || v < best)) best = v;
    }
    for (const auto& entry : sparse_values_) {
        if (entry.second >= 0 && (best < 0 || entry.second < best)) best = entry.second;
    }
    return best < 0 ? 0 : best;
}

int min_action_cost(const Task& task) {
    if (!task.has_action_costs || task.schemas.empty()) return 1;
    int best = -1;
    for (const ActionSchema& schema : task.schemas) {
        int cost = schema.cost.constant;
        for (const CostTerm& term : schema.cost.terms)
            cost += task.functions[term.function].min_value();
        if (best < 0 || cost < best) best = cost;
    }
    return best;
}

int action_cost(const Task& task, SchemaId schema, std::span<const ObjectId> arguments) {
    if (!task.has_action_costs) return 1;
    const ActionCost& cost = task.schemas[schema].cost;
    int total = cost.constant;
    ObjectId values[16];
    std::vector<ObjectId> big;
    for (const CostTerm& term : cost.terms) {
        ObjectId* v = values;
        if (term.arguments.size() > 16) {
            big.resize(term.arguments.size());
            v = big.data();
        }
        for (std::size_t i = 0; i < term.arguments.size(); ++i) {
            const Term& t = term.arguments[i];
            v[i] = t.is_parameter() ? arguments[t.index] : t.index;
        }
        const std::span<const ObjectId> key(v, term.arguments.size());
        const int value = task.functions[term.function].value(key);
        if (value < 0) {
            throw Error(ErrorCategory::Input,
                        undefined_message(task, schema, arguments, term, key));
        }
        total += value;
    }
    return total;
}

std::int64_t plan_cost(const Task& task, std::span<const GroundAction> plan) {
    if (!task.has_action_costs) return static_cast<std::int64_t>(plan.size());
    std::int64_t total = 0;
    for (const GroundAction& a : plan)
        total += action_cost(task, a);
    return total;
}

const NameTable<CostType>& cost_type_names() {
    static constexpr Named<CostType> kNames[]{
        {CostType::Normal, "normal"}, {CostType::One, "one"}, {CostType::PlusOne, "plusone"}};
    static constexpr NameTable<CostType> kTable{"cost type", kNames};
    return kTable;
}

CostType parse_cost_type(std::string_view name) {
    return cost_type_names().parse(name);
}

const char* to_string(CostType type) {
    return cost_type_names().name(type);
}

}  // namespace ll
