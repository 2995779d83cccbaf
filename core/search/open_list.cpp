// Best-first (a tie-ordered heap over segments) and alternation open lists.
#include "core/search/open_list.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <stdexcept>

#include "core/common/tie_ordered_heap.hpp"

namespace ll {

const NameTable<TieBreaking>& tie_breaking_names() {
    static constexpr Named<TieBreaking> kNames[]{{TieBreaking::Fifo, "fifo"},
                                                 {TieBreaking::Lifo, "lifo"}};
    static constexpr NameTable<TieBreaking> kTable{"tie-breaking", kNames};
    return kTable;
}

namespace {
void parse_boost(QueueSettings& s, std::string_view value) {
    int boost = -1;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), boost);
    if (ec != std::errc() || end != value.data() + value.size() || boost < 0) {
        throw Error(ErrorCategory::Usage,
                    "invalid boost '" + std::string(value) + "' (a non-negative integer)");
    }
    s.boost = boost;
}
}  // namespace

std::span<const ConfigKey<QueueSettings>> queue_config_keys() {
    static constexpr ConfigKey<QueueSettings> kKeys[]{
        {"preferred", "",
         [](QueueSettings& s, std::string_view v) { s.preferred = parse_switch(v, "preferred"); }},
        {"novelty", "",
         [](QueueSettings& s, std::string_view v) { s.novelty = parse_switch(v, "novelty"); }},
        {"boost", "", parse_boost},
        {"tie", "ties",
         [](QueueSettings& s, std::string_view v) { s.ties = tie_breaking_names().parse(v); }},
    };
    return kKeys;
}

namespace {

// K keys; entries in a TieOrderedHeap (16 bytes for one key): a lazy search
// queues one per generated transition, twice with preferred operators.
template <std::size_t K>
class BestFirstOpenList final : public OpenList {
  public:
    BestFirstOpenList(std::vector<Evaluator*> keys, bool only_preferred, TieBreaking ties,
                      std::uint64_t sequence_limit)
        : keys_(std::move(keys)),
          only_preferred_(only_preferred),
          heap_(ties == TieBreaking::Lifo, sequence_limit) {}

    void push(EvalContext& context, NodeId node, bool preferred) override {
        if (only_preferred_ && !preferred) return;
        typename Heap::Key key;
        for (std::size_t i = 0; i < K; ++i)
            key[i] = context.value(*keys_[i]);
        heap_.push(key, node);
    }

    NodeId pop() override {
        const NodeId node = heap_.top();
        heap_.pop();
        return node;
    }

    bool empty() const override { return heap_.empty(); }
    bool only_preferred() const override { return only_preferred_; }
    std::int64_t entries() const override { return static_cast<std::int64_t>(heap_.size()); }
    std::int64_t bytes() const override {
        return entries() * static_cast<std::int64_t>(Heap::entry_bytes());
    }

  private:
    using Heap = TieOrderedHeap<K, NodeId>;
    std::vector<Evaluator*> keys_;
    bool only_preferred_;
    Heap heap_;
};

class AlternationOpenList final : public OpenList {
  public:
    explicit AlternationOpenList(std::vector<std::unique_ptr<OpenList>> lists)
        : lists_(std::move(lists)), priorities_(lists_.size(), 0) {
        if (lists_.empty()) throw std::logic_error("alternation needs at least one list");
    }

    void push(EvalContext& context, NodeId node, bool preferred) override {
        for (auto& list : lists_)
            list->push(context, node, preferred);
    }

    NodeId pop() override {
        std::size_t best = lists_.size();
        for (std::size_t i = 0; i < lists_.size(); ++i) {
            if (lists_[i]->empty()) continue;
            if (best == lists_.size() || priorities_[i] < priorities_[best]) best = i;
        }
        ++priorities_[best];
        return lists_[best]->pop();
    }

    bool empty() const override {
        return std::all_of(lists_.begin(), lists_.end(), [](const auto& l) { return l->empty(); });
    }

    void boost_preferred(int amount) override {
        for (std::size_t i = 0; i < lists_.size(); ++i) {
            if (lists_[i]->only_preferred()) priorities_[i] -= amount;
            lists_[i]->boost_preferred(amount);
        }
    }

    bool only_preferred() const override {
        return std::all_of(lists_.begin(), lists_.end(),
                           [](const auto& l) { return l->only_preferred(); });
    }
    std::int64_t entries() const override {
        std::int64_t n = 0;
        for (const auto& l : lists_)
            n += l->entries();
        return n;
    }
    std::int64_t bytes() const override {
        std::int64_t n = 0;
        for (const auto& l : lists_)
            n += l->bytes();
        return n;
    }

  private:
    std::vector<std::unique_ptr<OpenList>> lists_;
    std::vector<std::int64_t> priorities_;
};

}  // namespace

std::unique_ptr<OpenList> make_best_first_open_list(std::vector<Evaluator*> keys,
                                                    bool only_preferred, TieBreaking ties,
                                                    std::uint64_t sequence_limit) {
    switch (keys.size()) {
        case 1:
            return std::make_unique<BestFirstOpenList<1>>(std::move(keys), only_preferred, ties,
                                                          sequence_limit);
        case 2:
            return std::make_unique<BestFirstOpenList<2>>(std::move(keys), only_preferred, ties,
                                                          sequence_limit);
        case 3:
            return std::make_unique<BestFirstOpenList<3>>(std::move(keys), only_preferred, ties,
                                                          sequence_limit);
        default:
            throw std::logic_error("a best-first open list takes 1 to 3 keys");
    }
}

std::unique_ptr<OpenList> make_alternation_open_list(std::vector<std::unique_ptr<OpenList>> lists) {
    return std::make_unique<AlternationOpenList>(std::move(lists));
}

}  // namespace ll
