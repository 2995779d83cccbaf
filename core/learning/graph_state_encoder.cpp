// Base graph construction and the merge of a state's sorted relations with
// the sorted goal atoms and the sorted effect atoms.
#include "core/learning/graph_state_encoder.hpp"

#include <algorithm>
#include <numeric>

namespace ll {

StateGraphEncoder::StateGraphEncoder(const Task& task, const StateLayout& layout,
                                     ObjectColouring objects)
    : layout_(layout), colours_{objects.num_colours, task.num_schemas()} {
    for (const Predicate& p : task.predicates)
        goal_stride_ = std::max(goal_stride_, p.arity());
    base_.colours = std::move(objects.colours);

    // Distinct fluent goal atoms in goal order: they get base nodes in this
    // order.
    std::vector<const GroundAtom*> goals;
    for (const GroundAtom& g : task.goal_positive) {
        if (!layout.is_fluent(g.predicate)) continue;  // static atoms are never nodes
        bool seen = false;
        for (const GroundAtom* h : goals)
            seen = seen || *h == g;
        if (!seen) goals.push_back(&g);
    }
    std::vector<int> nodes;
    for (const GroundAtom* g : goals) {
        const int node = base_.add_node(colours_.atom(g->predicate, AtomStatus::GoalUnachieved));
        for (int i = 0; i < static_cast<int>(g->arguments.size()); ++i)
            base_.add_edge(node, g->arguments[i], i);
        nodes.push_back(node);
    }

    // The lookup table: goal indices sorted by (predicate, arguments).
    std::vector<int> order(goals.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return *goals[a] < *goals[b]; });
    goal_first_.assign(task.num_predicates() + 1, 0);
    for (int i : order) {
        const GroundAtom& g = *goals[i];
        ++goal_first_[g.predicate + 1];
        for (int k = 0; k < goal_stride_; ++k)
            goal_args_.push_back(k < static_cast<int>(g.arguments.size()) ? g.arguments[k] : 0);
        goal_node_.push_back(nodes[i]);
    }
    for (int p = 0; p < task.num_predicates(); ++p)
        goal_first_[p + 1] += goal_first_[p];
}

int StateGraphEncoder::goal_node_of(PredicateId p, const ObjectId* args) const {
    const int arity = layout_.arity(p);
    int lo = goal_first_[p], hi = goal_first_[p + 1];
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        const int c =
            compare_object_tuples(goal_args_.data() + std::size_t(mid) * goal_stride_, args, arity);
        if (c == 0) return goal_node_[mid];
        if (c < 0) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return -1;
}

void StateGraphEncoder::begin(Graph& out) const {
    out.colours.assign(base_.colours.begin(), base_.colours.end());
    out.edges.assign(base_.edges.begin(), base_.edges.end());
    out.fixed_nodes = base_.num_nodes();
    out.fixed_edges = static_cast<int>(base_.edges.size());
    out.identities.clear();
}

void StateGraphEncoder::add_action(Graph& out, SchemaId schema,
                                   std::span<const ObjectId> arguments) const {
    const int node = out.add_node(colours_.action(schema));
    out.identities.push_back(colours_.action(schema));
    for (int i = 0; i < static_cast<int>(arguments.size()); ++i)
        out.add_edge(node, arguments[i], i);
}

void StateGraphEncoder::add_atoms(Graph& out, const State& state,
                                  const GroundEffectSummary* effects) const {
    using F = GroundEffectSummary;
    const int num_effects = effects ? effects->size() : 0;
    int e = 0;
    for (int slot = 0; slot < layout_.num_slots(); ++slot) {
        const PredicateId p = layout_.predicate_of_slot(slot);
        const int arity = layout_.arity(p);
        const RelationView rel = state.relation(layout_, p);
        // Slots are in predicate order and the effects sorted by predicate.
        while (e < num_effects && effects->predicate(e) < p)
            ++e;
        int e_end = e;
        while (e_end < num_effects && effects->predicate(e_end) == p)
            ++e_end;
        int g = goal_first_[p];
        const int g_end = goal_first_[p + 1];
        int i = 0;
        // Three-way merge of sorted streams: state tuples, effect atoms, goals.
        while (i < rel.size || e < e_end || g < g_end) {
            const ObjectId* s_args =
                i < rel.size ? rel.data + std::size_t(i) * rel.stride : nullptr;
            const ObjectId* e_args = e < e_end ? effects->arguments(e) : nullptr;
            const ObjectId* g_args =
                g < g_end ? goal_args_.data() + std::size_t(g) * goal_stride_ : nullptr;
            const ObjectId* t = s_args;
            if (e_args && (!t || compare_object_tuples(e_args, t, arity) < 0)) t = e_args;
            if (g_args && (!t || compare_object_tuples(g_args, t, arity) < 0)) t = g_args;
            const bool in_state = s_args && compare_object_tuples(s_args, t, arity) == 0;
            const std::uint8_t flags =
                e_args && compare_object_tuples(e_args, t, arity) == 0 ? effects->flags(e++) : 0;
            const int goal_node =
                g_args && compare_object_tuples(g_args, t, arity) == 0 ? goal_node_[g++] : -1;
            if (in_state) ++i;

            const bool in_next =
                (in_state && !(flags & F::UnavoidableDelete)) || (flags & F::UnavoidableAdd);
            int status;  // effect status: achieved 0, unachieved 1, opt. add 2, opt. delete 3
            if (in_next) {
                status = (flags & F::OptionalDelete) ? 3 : 0;
            } else if (flags & F::OptionalAdd) {
                status = 2;
            } else if (goal_node >= 0) {
                status = 1;
            } else {
                continue;  // a false non-goal atom (e.g. an unavoidable delete)
            }
            if (goal_node >= 0) {
                out.colours[goal_node] = colours_.atom(p, static_cast<AtomStatus>(status));
                continue;
            }
            const int node = out.add_node(colours_.atom(p, static_cast<AtomStatus>(4 + status)));
            out.identities.push_back(colours_.atom(p, AtomStatus::GoalAchieved));
            for (int a = 0; a < arity; ++a)
                out.add_edge(node, t[a], a);
        }
        e = e_end;
    }
}

}  // namespace ll
