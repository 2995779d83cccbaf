// The in-place WL update of a graph changed by a delta: the removed stars
// leave the histogram and their targets' adjacency, the added ones join it,
// then per round only the nodes near a change are looked up again.
#include "core/learning/wl_dynamic.hpp"

#include <algorithm>
#include <span>

namespace ll {

std::uint64_t WlDynamicGraph::star_hash(RawColour identity, std::span<const int> targets) const {
    std::uint64_t h = static_cast<std::uint64_t>(identity) * 0x9e3779b97f4a7c15ull;
    for (int t : targets)
        h = (h ^ static_cast<std::uint32_t>(t)) * 0x100000001b3ull + (h >> 29);
    return h;
}

int WlDynamicGraph::find_star(RawColour identity, std::span<const int> targets) const {
    const auto [first, last] = stars_.equal_range(star_hash(identity, targets));
    for (auto it = first; it != last; ++it) {
        const int u = it->second;
        const std::vector<Adjacent>& a = adjacency_[u];
        if (identity_[u] != identity || a.size() != targets.size()) continue;
        bool same = true;
        for (std::size_t i = 0; i < a.size() && same; ++i)
            same = a[i].node == targets[i];
        if (same) return u;
    }
    return -1;
}

void WlDynamicGraph::next_stamp() {
    if (++now_ == 0) {
        std::fill(stamp_.begin(), stamp_.end(), 0u);
        now_ = 1;
    }
}

void WlDynamicGraph::mark(int v) {
    if (stamp_[v] == now_) return;
    stamp_[v] = now_;
    candidates_.push_back(v);
}

void WlDynamicGraph::reset(WlFeatures& features, const Graph& graph, SparseVector& out) {
    valid_ = false;
    const WlMissStatistics before = features.miss_statistics();
    features.embed(graph, out);
    const WlMissStatistics& after = features.miss_statistics();
    histogram_.adopt(out, features.num_colours(),
                     {after.seen - before.seen, after.unseen - before.unseen});
    iterations_ = features.options().iterations;
    const int n = graph.num_nodes();
    fixed_ = graph.fixed_nodes;
    alive_nodes_ = n;
    raw_ = graph.colours;
    identity_.assign(static_cast<std::size_t>(n), 0);
    std::copy(graph.identities.begin(), graph.identities.end(), identity_.begin() + fixed_);
    adjacency_.resize(static_cast<std::size_t>(n));
    for (auto& a : adjacency_)
        a.clear();
    for (const GraphEdge& e : graph.edges) {
        adjacency_[e.u].push_back({e.v, e.label});
        if (e.v != e.u) adjacency_[e.v].push_back({e.u, e.label});
    }
    alive_.assign(static_cast<std::size_t>(n), 1);
    free_.clear();
    const std::span<const std::int32_t> colours = features.node_colours(n);
    colours_.resize(static_cast<std::size_t>(iterations_) + 1);
    for (int r = 0; r <= iterations_; ++r)
        colours_[r].assign(colours.begin() + std::size_t(r) * n,
                           colours.begin() + std::size_t(r + 1) * n);
    stars_.clear();
    for (int u = fixed_; u < n; ++u) {
        targets_.clear();
        for (const Adjacent& a : adjacency_[u])
            targets_.push_back(a.node);  // a star's edges, in label order
        stars_.emplace(star_hash(identity_[u], targets_), u);
    }
    stamp_.assign(static_cast<std::size_t>(n), 0);
    added_stamp_.assign(static_cast<std::size_t>(n), 0);
    now_ = call_ = 0;
    valid_ = true;
}

void WlDynamicGraph::remove_star(int u) {
    for (int r = 0; r <= iterations_; ++r)
        histogram_.remove(colours_[r][u]);
    // The targets' entries are dropped by prune_removed(), once per target:
    // a location losing 379 stars one by one would scan its list each time.
    for (const Adjacent& a : adjacency_[u])
        mark(a.node);
    targets_.clear();
    for (const Adjacent& a : adjacency_[u])
        targets_.push_back(a.node);
    const auto [first, last] = stars_.equal_range(star_hash(identity_[u], targets_));
    for (auto it = first; it != last; ++it) {
        if (it->second == u) {
            stars_.erase(it);
            break;
        }
    }
    adjacency_[u].clear();
    alive_[u] = 0;
    free_.push_back(u);
    --alive_nodes_;
}

void WlDynamicGraph::prune_removed() {
    for (int v : candidates_)  // the targets of the removed stars
        std::erase_if(adjacency_[v], [&](const Adjacent& a) { return alive_[a.node] == 0; });
}

int WlDynamicGraph::new_node() {
    if (!free_.empty()) {
        const int u = free_.back();
        free_.pop_back();
        return u;
    }
    const int u = static_cast<int>(raw_.size());
    raw_.push_back(0);
    identity_.push_back(0);
    adjacency_.emplace_back();
    alive_.push_back(0);
    for (auto& c : colours_)
        c.push_back(-1);
    stamp_.push_back(0);
    added_stamp_.push_back(0);
    return u;
}

int WlDynamicGraph::add_star(RawColour identity, RawColour colour, std::span<const int> targets) {
    const int u = new_node();
    raw_[u] = colour;
    identity_[u] = identity;
    alive_[u] = 1;
    ++alive_nodes_;
    added_stamp_[u] = call_;
    for (int i = 0; i < static_cast<int>(targets.size()); ++i) {
        adjacency_[u].push_back({targets[i], i});
        adjacency_[targets[i]].push_back({u, i});
        mark(targets[i]);
    }
    mark(u);
    stars_.emplace(star_hash(identity, targets), u);
    return u;
}

bool WlDynamicGraph::apply(WlFeatures& features, const GraphDelta& delta, SparseVector& out) {
    valid_ = false;  // until the update is complete (the budget may interrupt it)
    if (++call_ == 0) {
        std::fill(added_stamp_.begin(), added_stamp_.end(), 0u);
        call_ = 1;
    }
    next_stamp();
    candidates_.clear();  // the structural nodes, collected once
    for (const GraphDelta::Star& s : delta.removed) {
        const int u = find_star(s.identity, delta.targets_of(s));
        if (u < 0) return false;
        remove_star(u);
    }
    if (!delta.removed.empty()) prune_removed();
    added_.clear();
    for (const GraphDelta::Star& s : delta.added)
        added_.push_back(add_star(s.identity, s.colour, delta.targets_of(s)));
    structural_.swap(candidates_);
    // Round 0: the added stars and the recoloured fixed nodes.
    dirty_.clear();
    auto base = [&](int v) {
        if (budget_ != nullptr) budget_->poll();
        const std::int32_t c = features.find_base(raw_[v]);
        ++recoloured_;
        const bool added = added_stamp_[v] == call_;
        if (!added && colours_[0][v] == c) return;
        if (!added) histogram_.remove(colours_[0][v]);
        colours_[0][v] = c;
        histogram_.add(c);
        dirty_.push_back(v);
    };
    for (int u : added_)
        base(u);
    for (const GraphDelta::Recolour& r : delta.recoloured) {
        raw_[r.node] = r.colour;
        base(r.node);
    }
    for (int round = 1; round <= iterations_; ++round)
        refine_round(features, round);
    histogram_.write(out);
    features.count_misses(histogram_.tally());
    valid_ = true;
    return true;
}

void WlDynamicGraph::refine_round(WlFeatures& features, int round) {
    const std::vector<std::int32_t>& previous = colours_[round - 1];
    std::vector<std::int32_t>& current = colours_[round];
    // A node's colour can change only if its own or a neighbour's did in the
    // previous round, or its neighbours changed.
    next_stamp();
    candidates_.clear();
    for (int v : structural_)
        mark(v);
    for (int v : dirty_) {
        mark(v);
        for (const Adjacent& a : adjacency_[v])
            mark(a.node);
    }
    next_dirty_.clear();
    for (int v : candidates_) {
        if (budget_ != nullptr) budget_->poll();
        std::int32_t c = previous[v];
        if (c >= 0) {
            neighbours_.clear();
            for (const Adjacent& a : adjacency_[v]) {
                const std::int32_t w = previous[a.node];
                if (w < 0) {
                    c = -1;  // unseen spreads, as in the full embedding
                    break;
                }
                neighbours_.push_back(WlFeatures::neighbour_pair(w, a.label));
            }
            if (c >= 0) c = features.find_refined(round, c, neighbours_, key_);
        }
        const bool added = added_stamp_[v] == call_;
        if (!added && current[v] == c) continue;
        if (!added) histogram_.remove(current[v]);
        current[v] = c;
        histogram_.add(c);
        next_dirty_.push_back(v);
    }
    recoloured_ += static_cast<std::int64_t>(candidates_.size());
    dirty_.swap(next_dirty_);
}

}  // namespace ll
