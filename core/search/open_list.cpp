// Best-first (binary heap over segments) and alternation open lists.
#include "core/search/open_list.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <stdexcept>

#include "core/common/segmented_heap.hpp"

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

class BestFirstOpenList final : public OpenList {
  public:
    static constexpr std::size_t kMaxKeys = 3;

    BestFirstOpenList(std::vector<Evaluator*> keys, bool only_preferred, TieBreaking ties)
        : keys_(std::move(keys)),
          only_preferred_(only_preferred),
          lifo_(ties == TieBreaking::Lifo) {
        if (keys_.empty() || keys_.size() > kMaxKeys) {
            throw std::logic_error("a best-first open list takes 1 to 3 keys");
        }
    }

    void push(EvalContext& context, NodeId node, bool preferred) override {
        if (only_preferred_ && !preferred) return;
        Entry e;
        for (std::size_t i = 0; i < keys_.size(); ++i)
            e.key[i] = context.value(*keys_[i]);
        // LIFO counts down: the newest entry has the smallest sequence.
        e.sequence = lifo_ ? ~next_sequence_++ : next_sequence_++;
        e.node = node;
        heap_.push(e);
    }

    NodeId pop() override {
        const NodeId node = heap_.top().node;
        heap_.pop();
        return node;
    }

    bool empty() const override { return heap_.empty(); }
    bool only_preferred() const override { return only_preferred_; }
    std::int64_t entries() const override { return static_cast<std::int64_t>(heap_.size()); }
    std::int64_t bytes() const override { return entries() * std::int64_t(sizeof(Entry)); }

  private:
    struct Entry {
        std::array<double, kMaxKeys> key{};
        std::uint64_t sequence = 0;
        NodeId node = -1;
    };
    // "Later(a, b)": b comes first.
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const {
            if (a.key != b.key) return b.key < a.key;
            return b.sequence < a.sequence;
        }
    };

    std::vector<Evaluator*> keys_;
    bool only_preferred_;
    bool lifo_;
    SegmentedHeap<Entry, Later> heap_;
    std::uint64_t next_sequence_ = 0;
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
                                                    bool only_preferred, TieBreaking ties) {
    return std::make_unique<BestFirstOpenList>(std::move(keys), only_preferred, ties);
}

std::unique_ptr<OpenList> make_alternation_open_list(std::vector<std::unique_ptr<OpenList>> lists) {
    return std::make_unique<AlternationOpenList>(std::move(lists));
}

}  // namespace ll
