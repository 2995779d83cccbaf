// The relaxed-plan lookahead (see header) and its configuration key.
#include "core/search/lookahead.hpp"

#include <algorithm>

#include "core/common/id_hash.hpp"

namespace ll {

std::span<const ConfigKey<LookaheadSettings>> lookahead_config_keys() {
    static constexpr ConfigKey<LookaheadSettings> kKeys[]{
        {"lookahead", "",
         [](LookaheadSettings& s, std::string_view v) {
             s.lookahead = parse_switch(v, "lookahead");
         }},
    };
    return kKeys;
}

namespace {

void instantiate_atom(const AtomSchema& atom, std::span<const ObjectId> arguments,
                      std::vector<ObjectId>& out) {
    out.clear();
    for (const Term& t : atom.arguments)
        out.push_back(t.is_parameter() ? arguments[static_cast<std::size_t>(t.index)] : t.index);
}

}  // namespace

void Lookahead::run(const State& state, std::span<const GroundAction> relaxed_plan,
                    std::vector<GroundAction>& steps, LookaheadCounts& counts) {
    steps.clear();
    state_ = state;
    // The relaxation lists the plan from the goals backwards: reversed, an
    // action mostly comes after the achievers of its preconditions.
    pending_.assign(relaxed_plan.rbegin(), relaxed_plan.rend());
    needed_.clear();
    for (const GroundAction& action : pending_)
        count_needs(action, 1);
    const std::size_t max_steps = 2 * relaxed_plan.size();
    std::size_t repairs_left = relaxed_plan.size();
    while (!pending_.empty() && steps.size() < max_steps) {
        if (apply_first_applicable(steps)) continue;
        if (repairs_left == 0 || !repair()) break;
        --repairs_left;
        ++counts.repairs;
    }
    counts.actions += static_cast<std::int64_t>(steps.size());
}

bool Lookahead::apply_first_applicable(std::vector<GroundAction>& steps) {
    std::size_t fallback = pending_.size();
    successors_.set_current_state(state_);
    for (std::size_t i = 0; i < pending_.size(); ++i) {
        if (!successors_.applicable_in_current(pending_[i])) continue;
        if (breaks_goal_order(pending_[i])) continue;
        if (deletes_protected(pending_[i])) {
            fallback = std::min(fallback, i);
            continue;
        }
        fallback = i;
        break;
    }
    if (fallback == pending_.size()) return false;
    const GroundAction action = std::move(pending_[fallback]);
    pending_.erase(pending_.begin() + static_cast<std::ptrdiff_t>(fallback));
    count_needs(action, -1);
    apply(action, steps);
    return true;
}

void Lookahead::count_needs(const GroundAction& action, int delta) {
    for (const AtomSchema& pre : task_.schemas[action.schema].positive_preconditions) {
        if (!layout_.is_fluent(pre.predicate)) continue;
        instantiate_atom(pre, action.arguments, atom_);
        const auto at = needed_.try_emplace(hash_id_tuple(pre.predicate, atom_), 0).first;
        at->second += delta;
        if (at->second == 0) needed_.erase(at);
    }
}

// A true atom is protected by every pending action that needs it; a false
// one by none (deleting it changes nothing).
bool Lookahead::deletes_protected(const GroundAction& action) {
    const ActionSchema& schema = task_.schemas[action.schema];
    for (const AtomSchema& del : schema.delete_effects) {
        instantiate_atom(del, action.arguments, atom_);
        if (!state_.contains(layout_, del.predicate, atom_)) continue;
        const auto at = needed_.find(hash_id_tuple(del.predicate, atom_));
        std::ptrdiff_t others = at == needed_.end() ? 0 : at->second;
        // The action's own preconditions count once each among them.
        for (const AtomSchema& pre : schema.positive_preconditions) {
            if (pre.predicate != del.predicate) continue;
            instantiate_atom(pre, action.arguments, own_);
            if (own_ == atom_) --others;
        }
        if (others > 0) return true;
    }
    return false;
}

bool Lookahead::breaks_goal_order(const GroundAction& action) {
    return goal_orders_ != nullptr && goal_orders_->broken_by(state_, action);
}

void Lookahead::apply(const GroundAction& action, std::vector<GroundAction>& steps) {
    state_ = applier_.apply(state_, action.schema, action.arguments);
    steps.push_back(action);
}

// Collects the false preconditions of the pending actions, in order, and
// replaces the first one's action by an applicable achiever of it.
bool Lookahead::repair() {
    wanted_.clear();
    wanted_by_.clear();
    for (std::size_t i = 0; i < pending_.size(); ++i) {
        const ActionSchema& schema = task_.schemas[pending_[i].schema];
        for (const AtomSchema& pre : schema.positive_preconditions) {
            if (!layout_.is_fluent(pre.predicate)) continue;
            instantiate_atom(pre, pending_[i].arguments, atom_);
            if (state_.contains(layout_, pre.predicate, atom_)) continue;
            wanted_.push_back(GroundAtom{pre.predicate, atom_});
            wanted_by_.push_back(i);
        }
    }
    GroundAction achiever;
    for (std::size_t w = 0; w < wanted_.size(); ++w) {
        if (!find_achiever(wanted_[w], achiever)) continue;
        count_needs(pending_[wanted_by_[w]], -1);
        pending_[wanted_by_[w]] = std::move(achiever);
        count_needs(pending_[wanted_by_[w]], 1);
        return true;
    }
    return false;
}

bool Lookahead::find_achiever(const GroundAtom& atom, GroundAction& found) {
    for (SchemaId sid = 0; sid < task_.num_schemas(); ++sid) {
        const ActionSchema& schema = task_.schemas[sid];
        for (const AtomSchema& add : schema.add_effects) {
            if (add.predicate != atom.predicate) continue;
            // The parameters the add names, bound to the atom's objects.
            binding_.assign(static_cast<std::size_t>(schema.arity()), -1);
            bool matches = true;
            for (std::size_t k = 0; k < add.arguments.size() && matches; ++k) {
                const Term& t = add.arguments[k];
                if (!t.is_parameter()) {
                    matches = t.index == atom.arguments[k];
                    continue;
                }
                ObjectId& bound = binding_[t.index];
                matches = bound < 0 || bound == atom.arguments[k];
                bound = atom.arguments[k];
            }
            if (!matches) continue;
            std::size_t prefix = 0;
            while (prefix < binding_.size() && binding_[prefix] >= 0)
                ++prefix;
            const bool stopped = !successors_.for_each_applicable(
                state_, sid, std::span<const ObjectId>(binding_.data(), prefix),
                [&](std::span<const ObjectId> args) {
                    for (std::size_t i = prefix; i < args.size(); ++i)
                        if (binding_[i] >= 0 && binding_[i] != args[i]) return true;
                    found = GroundAction{sid, std::vector<ObjectId>(args.begin(), args.end())};
                    return false;
                });
            if (stopped) return true;
        }
    }
    return false;
}

}  // namespace ll
