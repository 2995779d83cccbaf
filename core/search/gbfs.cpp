// Eager GBFS: children are evaluated when generated and goal-tested when
// generated; dead ends (h = ∞) are counted and never queued.
#include "core/search/gbfs.hpp"

#include <cmath>

#include "core/common/resources.hpp"
#include "core/search/open_list.hpp"

namespace ll {

SearchResult greedy_best_first_search(SearchSpace& space, const GbfsOptions& options,
                                      const ProgressCallback& progress) {
    Stopwatch clock;
    SearchResult result;
    Statistics& stats = result.stats;
    double last_report = 0;

    auto report = [&](bool new_best) {
        if (!progress) return;
        Progress p;
        p.stats = stats;
        p.stats.search_time_s = clock.seconds();
        p.elapsed_s = p.stats.search_time_s;
        p.new_best_h = new_best;
        progress(p);
    };
    auto finish = [&](SearchStatus status, NodeId goal) {
        result.status = status;
        if (goal >= 0) result.plan = space.extract_plan(goal);
        stats.search_time_s = clock.seconds();
        stats.peak_memory_mb = peak_memory_mb();
        return result;
    };

    if (std::isfinite(options.limits.time_limit_s)) {
        space.set_deadline(Deadline{&clock, options.limits.time_limit_s});
    }
    const EvaluatedNode root = space.root(stats);
    stats.initial_h = root.h;
    if (space.is_goal(root.node)) return finish(SearchStatus::Solved, root.node);
    if (std::isinf(root.h)) {
        ++stats.dead_ends;
        return finish(SearchStatus::Unsolvable, -1);
    }
    stats.best_h = root.h;
    report(true);

    BucketOpenList open;
    open.push(root.h, root.node);
    Expansion expansion;
    const Limits& limits = options.limits;
    while (!open.empty()) {
        const double elapsed = clock.seconds();
        if (elapsed >= limits.time_limit_s) return finish(SearchStatus::OutOfTime, -1);
        if (limits.max_expansions >= 0 && stats.expansions >= limits.max_expansions) {
            return finish(SearchStatus::ExpansionLimit, -1);
        }
        // Reading the resident size costs a system call: sample it.
        if ((stats.expansions & 255) == 0 && std::isfinite(limits.memory_limit_mb) &&
            current_memory_mb() > limits.memory_limit_mb) {
            return finish(SearchStatus::OutOfMemory, -1);
        }
        if (elapsed - last_report >= options.progress_interval_s) {
            last_report = elapsed;
            report(false);
        }

        const NodeId node = open.pop();
        expansion.clear();
        space.expand(node, expansion, stats);
        ++stats.expansions;
        if (expansion.goal >= 0) return finish(SearchStatus::Solved, expansion.goal);
        if (expansion.interrupted) return finish(SearchStatus::OutOfTime, -1);
        bool improved = false;
        for (const EvaluatedNode& child : expansion.children) {
            if (std::isinf(child.h)) {
                ++stats.dead_ends;
                continue;
            }
            if (child.h < stats.best_h) {
                stats.best_h = child.h;
                improved = true;
            }
            open.push(child.h, child.node);
        }
        if (improved) report(true);
    }
    return finish(SearchStatus::Unsolvable, -1);
}

}  // namespace ll
