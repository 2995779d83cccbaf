// Incremental WL embedding: a linear merge of the new graph's star nodes with
// the reference's, then per round only the nodes near a difference looked
// up, and the histogram and lookup tally updated by difference.
#include "core/learning/wl_incremental.hpp"

#include <algorithm>
#include <span>
#include <utility>

namespace ll {
namespace {

// The end of the run of edges of star `node` starting at edge `e`.
std::size_t star_edges_end(const Graph& g, std::size_t e, int node) {
    while (e < g.edges.size() && g.edges[e].u == node)
        ++e;
    return e;
}

// Order of star nodes a (edges [ea, ea_end) of ga) and b: identity, then
// the (target, label) sequence, then its length.
int compare_stars(const Graph& ga, int a, std::size_t ea, std::size_t ea_end, const Graph& gb,
                  int b, std::size_t eb, std::size_t eb_end) {
    const RawColour ia = ga.identities[a - ga.fixed_nodes];
    const RawColour ib = gb.identities[b - gb.fixed_nodes];
    if (ia != ib) return ia < ib ? -1 : 1;
    for (; ea < ea_end && eb < eb_end; ++ea, ++eb) {
        const GraphEdge& x = ga.edges[ea];
        const GraphEdge& y = gb.edges[eb];
        if (x.v != y.v) return x.v < y.v ? -1 : 1;
        if (x.label != y.label) return x.label < y.label ? -1 : 1;
    }
    if (ea < ea_end) return 1;
    if (eb < eb_end) return -1;
    return 0;
}

// Whether the star edges [e, e_end) all lead to fixed nodes.
bool star_targets_fixed(const Graph& g, std::size_t e, std::size_t e_end) {
    for (; e < e_end; ++e) {
        if (g.edges[e].v < 0 || g.edges[e].v >= g.fixed_nodes) return false;
    }
    return true;
}

}  // namespace

void WlIncremental::embed(WlFeatures& features, Graph& graph, SparseVector& out) {
    iterations_ = features.options().iterations;
    if (features.options().variant != WlVariant::Plain || graph.num_nodes() < options_.min_nodes) {
        valid_ = false;
        ++stats_.full;
        features.embed(graph, out);
        return;
    }
    if (!diff(graph)) {
        adopt_full(features, graph, out);
        return;
    }
    valid_ = false;  // until the update is complete (the budget may interrupt it)
    refine(features, graph);
    histogram_.write(out);
    features.count_misses(histogram_.tally());
    std::swap(ref_, graph);
    std::swap(ref_colours_, colours_);
    valid_ = true;
    ++stats_.incremental;
}

void WlIncremental::mark_candidate(int v) {
    if (stamp_[v] == now_) return;
    stamp_[v] = now_;
    candidates_.push_back(v);
}

bool WlIncremental::diff(const Graph& g) {
    const Graph& r = ref_;
    if (!valid_ || !g.has_structure() || !r.has_structure() || g.fixed_nodes != r.fixed_nodes ||
        g.fixed_edges != r.fixed_edges)
        return false;
    const int n = g.num_nodes(), nr = r.num_nodes();
    const int max_changes = n / std::max(1, options_.change_divisor);
    map_.resize(n);
    for (int v = 0; v < g.fixed_nodes; ++v)
        map_[v] = v;
    if (stamp_.size() < static_cast<std::size_t>(n)) stamp_.resize(n, 0);
    if (++now_ == 0) std::fill(stamp_.begin(), stamp_.end(), now_++);
    removed_.clear();
    candidates_.clear();  // the structural nodes, collected once
    int changes = 0;
    int i = g.fixed_nodes, j = r.fixed_nodes;
    std::size_t ei = g.fixed_edges, ej = r.fixed_edges;
    while (i < n || j < nr) {
        const std::size_t ei_end = i < n ? star_edges_end(g, ei, i) : ei;
        const std::size_t ej_end = j < nr ? star_edges_end(r, ej, j) : ej;
        const int cmp = i >= n    ? 1
                        : j >= nr ? -1
                                  : compare_stars(g, i, ei, ei_end, r, j, ej, ej_end);
        if (cmp == 0) {
            map_[i++] = j++;
            ei = ei_end;
            ej = ej_end;
            continue;
        }
        if (++changes > max_changes) return false;
        if (cmp < 0) {
            if (!star_targets_fixed(g, ei, ei_end)) return false;
            map_[i] = -1;
            mark_candidate(i);
            for (; ei < ei_end; ++ei)
                mark_candidate(g.edges[ei].v);
            ++i;
        } else {
            if (!star_targets_fixed(r, ej, ej_end)) return false;
            removed_.push_back(j);
            for (; ej < ej_end; ++ej)
                mark_candidate(r.edges[ej].v);
            ++j;
        }
    }
    // Edges outside the star layout: the graphs cannot be compared.
    if (ei != g.edges.size() || ej != r.edges.size()) return false;
    structural_.swap(candidates_);
    return true;
}

void WlIncremental::refine(WlFeatures& features, const Graph& graph) {
    const int n = graph.num_nodes();
    // The new graph's adjacency (CSR of (node, label) pairs).
    offsets_.assign(static_cast<std::size_t>(n) + 1, 0);
    for (const GraphEdge& e : graph.edges) {
        ++offsets_[e.u + 1];
        if (e.v != e.u) ++offsets_[e.v + 1];
    }
    for (int v = 0; v < n; ++v)
        offsets_[v + 1] += offsets_[v];
    fill_.assign(offsets_.begin(), offsets_.end() - 1);
    adjacency_.resize(2 * static_cast<std::size_t>(offsets_[n]));
    for (const GraphEdge& e : graph.edges) {
        std::int32_t* a = adjacency_.data() + 2 * fill_[e.u]++;
        a[0] = e.v;
        a[1] = e.label;
        if (e.v == e.u) continue;
        a = adjacency_.data() + 2 * fill_[e.v]++;
        a[0] = e.u;
        a[1] = e.label;
    }
    colours_.resize(static_cast<std::size_t>(iterations_ + 1) * n);
    refine_base(features, graph);
    for (int round = 1; round <= iterations_; ++round)
        refine_round(features, round, n);
    const std::size_t nr = ref_.colours.size();
    for (int round = 0; round <= iterations_; ++round) {
        for (std::int32_t u : removed_)
            histogram_.remove(ref_colours_[round * nr + u]);
    }
}

void WlIncremental::refine_base(WlFeatures& features, const Graph& graph) {
    const int n = graph.num_nodes();
    dirty_.clear();
    for (int v = 0; v < n; ++v) {
        const std::int32_t m = map_[v];
        if (m >= 0 && graph.colours[v] == ref_.colours[m]) {
            colours_[v] = ref_colours_[m];
            continue;
        }
        if (budget_ != nullptr) budget_->poll();
        const std::int32_t c = features.find_base(graph.colours[v]);
        ++stats_.recoloured;
        colours_[v] = c;
        if (m >= 0) {
            if (ref_colours_[m] == c) continue;
            histogram_.remove(ref_colours_[m]);
        }
        histogram_.add(c);
        dirty_.push_back(v);
    }
}

void WlIncremental::refine_round(WlFeatures& features, int round, int n) {
    const std::size_t nr = ref_.colours.size();
    const std::int32_t* previous = colours_.data() + static_cast<std::size_t>(round - 1) * n;
    std::int32_t* current = colours_.data() + static_cast<std::size_t>(round) * n;
    const std::int32_t* ref_current = ref_colours_.data() + round * nr;
    for (int v = 0; v < n; ++v) {
        const std::int32_t m = map_[v];
        current[v] = m >= 0 ? ref_current[m] : -1;
    }
    // A node's colour can change only if its own or a neighbour's did in the
    // previous round, or its neighbours changed.
    if (++now_ == 0) std::fill(stamp_.begin(), stamp_.end(), now_++);
    candidates_.clear();
    for (std::int32_t v : structural_)
        mark_candidate(v);
    for (std::int32_t v : dirty_) {
        mark_candidate(v);
        for (int k = offsets_[v]; k < offsets_[v + 1]; ++k)
            mark_candidate(adjacency_[2 * k]);
    }
    next_dirty_.clear();
    for (std::int32_t v : candidates_) {
        if (budget_ != nullptr) budget_->poll();
        std::int32_t c = previous[v];
        if (c >= 0) {
            neighbours_.clear();
            for (int k = offsets_[v]; k < offsets_[v + 1] && c >= 0; ++k) {
                const std::int32_t w = previous[adjacency_[2 * k]];
                if (w < 0) c = -1;  // unseen spreads, as in the full embedding
                neighbours_.push_back(WlFeatures::neighbour_pair(w, adjacency_[2 * k + 1]));
            }
            if (c >= 0) c = features.find_refined(round, c, neighbours_, key_);
        }
        const std::int32_t m = map_[v];
        if (m >= 0) {
            if (ref_current[m] == c) continue;
            histogram_.remove(ref_current[m]);
        }
        current[v] = c;
        histogram_.add(c);
        next_dirty_.push_back(v);
    }
    stats_.recoloured += static_cast<std::int64_t>(candidates_.size());
    dirty_.swap(next_dirty_);
}

void WlHistogram::touch(std::int32_t colour) {
    if (!changed_flag_[colour]) {
        changed_flag_[colour] = 1;
        changed_.push_back(colour);
    }
}

void WlHistogram::add(std::int32_t colour) {
    if (colour < 0) {
        ++tally_.unseen;
        return;
    }
    ++tally_.seen;
    ++counts_[colour];
    touch(colour);
}

void WlHistogram::remove(std::int32_t colour) {
    if (colour < 0) {
        --tally_.unseen;
        return;
    }
    --tally_.seen;
    --counts_[colour];
    touch(colour);
}

void WlHistogram::write(SparseVector& out) {
    // The ids present: the previous ones and those whose count changed, in
    // id order, without those now at zero.
    std::sort(changed_.begin(), changed_.end());
    merged_.clear();
    std::size_t a = 0, b = 0;
    while (a < present_.size() || b < changed_.size()) {
        std::int32_t id;
        if (b == changed_.size() || (a < present_.size() && present_[a] < changed_[b])) {
            id = present_[a++];
        } else {
            id = changed_[b++];
            if (a < present_.size() && present_[a] == id) ++a;
        }
        if (counts_[id] > 0) merged_.push_back(id);
    }
    present_.swap(merged_);
    for (std::int32_t id : changed_)
        changed_flag_[id] = 0;
    changed_.clear();
    out.clear();
    out.reserve(present_.size());
    for (std::int32_t id : present_)
        out.push_back({id, static_cast<double>(counts_[id])});
}

void WlHistogram::adopt(const SparseVector& out, int num_colours, WlMissStatistics tally) {
    tally_ = tally;
    // The previous counts (an interrupted update may have changed others).
    for (std::int32_t id : present_)
        counts_[id] = 0;
    for (std::int32_t id : changed_) {
        counts_[id] = 0;
        changed_flag_[id] = 0;
    }
    changed_.clear();
    counts_.resize(static_cast<std::size_t>(num_colours), 0);
    changed_flag_.resize(static_cast<std::size_t>(num_colours), 0);
    present_.clear();
    for (const SparseEntry& e : out) {
        counts_[e.feature] = static_cast<std::int32_t>(e.value);
        present_.push_back(e.feature);
    }
}

void WlIncremental::adopt_full(WlFeatures& features, Graph& graph, SparseVector& out) {
    const WlMissStatistics before = features.miss_statistics();
    ++stats_.full;
    valid_ = false;
    features.embed(graph, out);
    const WlMissStatistics& after = features.miss_statistics();
    histogram_.adopt(out, features.num_colours(),
                     {after.seen - before.seen, after.unseen - before.unseen});
    const std::span<const std::int32_t> colours = features.node_colours(graph.num_nodes());
    ref_colours_.assign(colours.begin(), colours.end());
    std::swap(ref_, graph);
    valid_ = true;
}

}  // namespace ll
