// Ranking datasets from training plans: see dataset.hpp.
#include "core/learning/dataset.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include "core/common/error.hpp"
#include "core/successors/successor_generator.hpp"
#include "core/task/state.hpp"
#include "core/task/static_facts.hpp"

namespace ll {

const NameTable<TupleType>& tuple_type_names() {
    static constexpr Named<TupleType> kNames[]{{TupleType::LayerPredecessor, "layer_predecessor"},
                                               {TupleType::LayerSibling, "layer_sibling"},
                                               {TupleType::StatePredecessor, "state_predecessor"},
                                               {TupleType::StateSibling, "state_sibling"},
                                               {TupleType::Parent, "parent"},
                                               {TupleType::Sibling, "sibling"}};
    static constexpr NameTable<TupleType> kTable{"ranking tuple type", kNames};
    return kTable;
}

const char* to_string(TupleType type) {
    return tuple_type_names().name(type);
}

std::int64_t DatasetCounts::total() const {
    std::int64_t sum = 0;
    for (auto n : tuples)
        sum += n;
    return sum;
}

Importances default_importances(GraphKind graph) {
    Importances importances;  // AOAG (and ILG, unused in partial space)
    if (graph == GraphKind::Aeg) importances.state_sibling = 0.75;
    return importances;
}

Importances parse_importances(std::string_view text) {
    if (text == "warehouse") return {2.0, 1.5, 2.0, 0.5};
    std::vector<double> values;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find(',', begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string item(text.substr(begin, end - begin));
        double value = 0;
        std::size_t used = 0;
        bool ok = !item.empty();
        if (ok) {
            try {
                value = std::stod(item, &used);
            } catch (const std::exception&) {
                ok = false;
            }
        }
        if (!ok || used != item.size() || !(value >= 0) || value > 1e6) {
            throw Error(ErrorCategory::Usage,
                        "--importances: '" + item +
                            "' is not a non-negative number (expected "
                            "lp,ls,sp,ss such as 0.5,2,0.5,1, or 'warehouse')");
        }
        values.push_back(value);
        begin = end + 1;
    }
    if (values.size() != 4) {
        throw Error(ErrorCategory::Usage,
                    "--importances: expected four numbers lp,ls,sp,ss (layer predecessor, layer "
                    "sibling, state predecessor, state sibling), got " +
                        std::to_string(values.size()));
    }
    return {values[0], values[1], values[2], values[3]};
}

std::string to_string(const Importances& i) {
    std::ostringstream out;
    out << i.layer_predecessor << ',' << i.layer_sibling << ',' << i.state_predecessor << ','
        << i.state_sibling;
    return out.str();
}

DatasetBuilder::DatasetBuilder(DatasetOptions options, WlFeatures& features)
    : options_(options), features_(features) {}

namespace {
// The distinct partial actions (schema, prefix of length `depth`) of the
// applicable actions whose schema has more than `depth` parameters, i.e. the
// non-complete partial actions of specificity depth + 1, sorted.
std::vector<PartialAction> partials_at_depth(const Task& task,
                                             std::span<const GroundAction> applicable,
                                             std::size_t depth) {
    std::vector<std::pair<SchemaId, std::vector<ObjectId>>> keys;
    for (const auto& a : applicable) {
        if (static_cast<std::size_t>(task.schemas[a.schema].arity()) <= depth) continue;
        keys.emplace_back(a.schema,
                          std::vector<ObjectId>(a.arguments.begin(), a.arguments.begin() + depth));
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<PartialAction> out;
    out.reserve(keys.size());
    for (auto& [schema, prefix] : keys)
        out.push_back(PartialAction{schema, std::move(prefix)});
    return out;
}
}  // namespace

void DatasetBuilder::add_plan(const Task& task, std::span<const GroundAction> plan,
                              int problem_index, const std::function<void(int, int)>& on_step) {
    const StateLayout layout(task);
    const StaticFacts statics(task);
    SuccessorGenerator successors(task, layout, statics);
    auto builder = make_graph_builder(options_.graph, task, layout, statics, successors);
    Graph graph;
    SparseVector vector;
    DatasetCounts& counts = dataset_.counts;
    const Importances& w = options_.importances;

    auto row_of = [&](const State& state, const PartialAction& partial) {
        builder->build(state, partial, graph);
        features_.collect(graph, vector);
        ++counts.graphs;
        return dataset_.rows.intern(vector);
    };
    auto add = [&](int better, int worse, double delta, double weight, TupleType type) {
        if (better == worse) {
            ++counts.identical_dropped;
            return;
        }
        dataset_.tuples.push_back({better, worse, delta, weight, type, problem_index});
        ++counts.tuples[static_cast<int>(type)];
    };

    State state = initial_state(task, layout);
    std::vector<GroundAction> applicable;
    int previous = -1;  // row of the previous step's complete action (or state)
    for (std::size_t t = 0; t < plan.size(); ++t) {
        const GroundAction& action = plan[t];
        applicable.clear();
        successors.applicable_actions(state, applicable);
        if (std::find(applicable.begin(), applicable.end(), action) == applicable.end()) {
            throw Error(ErrorCategory::Internal, "training plan step " + std::to_string(t + 1) +
                                                     " (" + to_string(task, action) +
                                                     ") is not applicable");
        }
        counts.state_space_equivalent += static_cast<std::int64_t>(applicable.size());
        ++counts.plan_steps;
        State next = apply_action(task, layout, state, action);

        if (options_.space == DatasetSpace::State) {
            // Parent and sibling rows of s_t; the plan successor is the better one.
            const int parent = previous >= 0 ? previous : row_of(state, PartialAction::none());
            const int child = row_of(next, PartialAction::none());
            add(child, parent, 1, 1.0, TupleType::Parent);
            for (const auto& other : applicable) {
                if (other == action) continue;
                add(child, row_of(apply_action(task, layout, state, other), PartialAction::none()),
                    0, 1.0, TupleType::Sibling);
            }
            previous = child;
        } else {
            const int none = row_of(state, PartialAction::none());
            // The chain of layer predecessors runs through the whole plan:
            // (s_t, None) follows (s_{t-1}, a_{t-1}).
            if (previous >= 0)
                add(none, previous, 1, w.layer_predecessor, TupleType::LayerPredecessor);
            int before = none;
            const std::size_t arity = action.arguments.size();
            for (std::size_t depth = 0; depth <= arity; ++depth) {
                PartialAction chosen{action.schema,
                                     std::vector<ObjectId>(action.arguments.begin(),
                                                           action.arguments.begin() + depth)};
                const int row = row_of(state, chosen);
                add(row, before, 1, w.layer_predecessor, TupleType::LayerPredecessor);
                add(row, none, 1, w.state_predecessor, TupleType::StatePredecessor);
                // Layer siblings: the other non-complete partial actions of
                // the same specificity (complete ones are state siblings).
                for (const auto& other : partials_at_depth(task, applicable, depth)) {
                    if (other == chosen) continue;
                    add(row, row_of(state, other), 0, w.layer_sibling, TupleType::LayerSibling);
                }
                before = row;
            }
            for (const auto& other : applicable) {
                if (other == action) continue;
                add(before, row_of(state, PartialAction{other.schema, other.arguments}), 0,
                    w.state_sibling, TupleType::StateSibling);
            }
            previous = before;
        }
        state = std::move(next);
        if (on_step) on_step(static_cast<int>(t + 1), static_cast<int>(plan.size()));
    }
}

}  // namespace ll
