// Graph contents and their atom-by-atom difference.
#include "core/learning/graph_content.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace ll {
namespace {

// Sorts the tuples of `args` (`arity` each) if they are not sorted yet.
void sort_action_tuples(std::vector<ObjectId>& args, int arity) {
    if (arity == 0) return;
    const std::size_t n = args.size() / arity;
    bool sorted = true;
    for (std::size_t i = 1; i < n && sorted; ++i)
        sorted = compare_object_tuples(&args[(i - 1) * arity], &args[i * arity], arity) < 0;
    if (sorted) return;
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return compare_object_tuples(&args[a * arity], &args[b * arity], arity) < 0;
    });
    std::vector<ObjectId> out;
    out.reserve(args.size());
    for (std::size_t i : order)
        out.insert(out.end(), args.begin() + i * arity, args.begin() + (i + 1) * arity);
    args.swap(out);
}

}  // namespace

GraphContentDiff::GraphContentDiff(const Task& task, const StateLayout& layout,
                                   const StateGraphEncoder& encoder)
    : task_(task), layout_(layout), encoder_(encoder), width_(encoder.atom_width()) {}

void GraphContentDiff::record(GraphContent& out, const GroundEffectSummary* effects,
                              SchemaId schema, std::span<const ObjectId> args) const {
    out.effects.clear();
    const int num_effects = effects != nullptr ? effects->size() : 0;
    for (int i = 0; i < num_effects; ++i) {
        const PredicateId p = effects->predicate(i);
        out.effects.push_back(p);
        const int arity = layout_.arity(p);
        for (int k = 0; k < width_; ++k)
            out.effects.push_back(k < arity ? effects->arguments(i)[k] : -1);
        out.effects.push_back(effects->flags(i));
    }
    out.schema = args.empty() ? -1 : schema;
    out.arity = args.empty() ? 0 : task_.schemas[schema].arity();
    out.actions.assign(args.begin(), args.end());
    sort_action_tuples(out.actions, out.arity);
}

void GraphContentDiff::push_atom(PredicateId p, const ObjectId* args) {
    atoms_.push_back(p);
    const int arity = layout_.arity(p);
    for (int k = 0; k < width_; ++k)
        atoms_.push_back(k < arity ? args[k] : -1);
}

void GraphContentDiff::diff_states(const State& a, const State& b) {
    for (int slot = 0; slot < layout_.num_slots(); ++slot) {
        const PredicateId p = layout_.predicate_of_slot(slot);
        const int arity = layout_.arity(p);
        const RelationView ra = a.relation(layout_, p);
        const RelationView rb = b.relation(layout_, p);
        if (ra.size == rb.size &&
            std::equal(ra.data, ra.data + std::size_t(ra.size) * ra.stride, rb.data))
            continue;
        int i = 0, j = 0;
        while (i < ra.size || j < rb.size) {
            const ObjectId* x = i < ra.size ? ra.data + std::size_t(i) * ra.stride : nullptr;
            const ObjectId* y = j < rb.size ? rb.data + std::size_t(j) * rb.stride : nullptr;
            const int c = !x ? 1 : !y ? -1 : compare_object_tuples(x, y, arity);
            if (c == 0) {
                ++i;
                ++j;
            } else if (c < 0) {
                push_atom(p, x);
                ++i;
            } else {
                push_atom(p, y);
                ++j;
            }
        }
    }
}

bool GraphContentDiff::in_graph(const GraphContent& c, const State& state,
                                const ObjectId* atom) const {
    const std::size_t stride = static_cast<std::size_t>(width_) + 2;
    for (std::size_t e = 0; e < c.effects.size(); e += stride) {
        if (!std::equal(atom, atom + width_ + 1, c.effects.data() + e)) continue;
        const ObjectId flags = c.effects[e + width_ + 1];
        if (flags & GroundEffectSummary::UnavoidableAdd) return true;
        if (flags & GroundEffectSummary::UnavoidableDelete) return false;
    }
    return state.contains(layout_, atom[0], atom + 1);
}

void GraphContentDiff::diff_actions(const GraphContent& from, const GraphContent& to,
                                    GraphDelta& out) {
    const ColourLayout& colours = encoder_.colours();
    auto emit = [&](bool add, SchemaId schema, const ObjectId* args, int arity) {
        targets_.assign(args, args + arity);
        out.add_star(add, colours.action(schema), colours.action(schema), targets_);
    };
    const int af = from.arity, at = to.arity;
    const std::size_t nf = af == 0 ? 0 : from.actions.size() / af;
    const std::size_t nt = at == 0 ? 0 : to.actions.size() / at;
    const bool same_schema = from.schema == to.schema;
    std::size_t i = 0, j = 0;
    while (i < nf || j < nt) {
        const ObjectId* x = i < nf ? from.actions.data() + i * af : nullptr;
        const ObjectId* y = j < nt ? to.actions.data() + j * at : nullptr;
        const int c = !x ? 1 : !y ? -1 : !same_schema ? -1 : compare_object_tuples(x, y, af);
        if (c == 0) {
            ++i;
            ++j;
        } else if (c < 0) {
            emit(false, from.schema, x, af);
            ++i;
        } else {
            emit(true, to.schema, y, at);
            ++j;
        }
    }
}

bool GraphContentDiff::diff(const GraphContent& from, const GraphContent& to, const State& to_state,
                            bool same_state, int max_changes, GraphDelta& out) {
    out.clear();
    atoms_.clear();
    const std::size_t record = static_cast<std::size_t>(width_) + 1;
    if (!same_state) {
        diff_states(from.state, to_state);
        if (atoms_.size() / record > static_cast<std::size_t>(max_changes)) return false;
    }
    for (const GraphContent* c : {&from, &to}) {
        for (std::size_t e = 0; e < c->effects.size(); e += record + 1)
            atoms_.insert(atoms_.end(), c->effects.begin() + e, c->effects.begin() + e + record);
    }
    const std::size_t n = atoms_.size() / record;
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0u);
    const ObjectId* base = atoms_.data();
    std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::lexicographical_compare(base + a * record, base + (a + 1) * record,
                                            base + b * record, base + (b + 1) * record);
    });
    const ColourLayout& colours = encoder_.colours();
    for (std::size_t k = 0; k < n; ++k) {
        const ObjectId* atom = base + std::size_t(order_[k]) * record;
        if (k > 0 && std::equal(atom, atom + record, base + std::size_t(order_[k - 1]) * record))
            continue;
        const bool was = in_graph(from, from.state, atom), is = in_graph(to, to_state, atom);
        if (was == is) continue;
        const PredicateId p = atom[0];
        const int goal = encoder_.goal_node_of(p, atom + 1);
        if (goal >= 0) {
            out.recoloured.push_back({goal, colours.atom(p, is ? AtomStatus::GoalAchieved
                                                               : AtomStatus::GoalUnachieved)});
            continue;
        }
        targets_.assign(atom + 1, atom + 1 + layout_.arity(p));
        out.add_star(is, colours.atom(p, AtomStatus::GoalAchieved),
                     colours.atom(p, AtomStatus::NonGoal), targets_);
    }
    diff_actions(from, to, out);
    return out.size() <= max_changes;
}

void GraphContentSlots::resize(int slots) {
    last_.assign(static_cast<std::size_t>(slots), GraphContent{});
    has_.assign(static_cast<std::size_t>(slots), 0);
}

void GraphContentSlots::swap_parts(GraphContent& a) {
    a.effects.swap(next_.effects);
    std::swap(a.schema, next_.schema);
    std::swap(a.arity, next_.arity);
    a.actions.swap(next_.actions);
}

bool GraphContentSlots::delta(GraphContentDiff& diff, int slot, const State& state, int max_changes,
                              GraphDelta& out) {
    GraphContent& last = last_[static_cast<std::size_t>(slot)];
    const bool same_state = last.state == state;
    if (!diff.diff(last, next_, state, same_state, max_changes, out)) return false;
    swap_parts(last);
    if (!same_state) last.state = state;
    return true;
}

void GraphContentSlots::keep(int slot, const State& state) {
    GraphContent& last = last_[static_cast<std::size_t>(slot)];
    swap_parts(last);
    last.state = state;
    has_[static_cast<std::size_t>(slot)] = 1;
}

}  // namespace ll
