// Best-first (binary heap) and alternation open lists.
#include "core/search/open_list.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

namespace ll {
namespace {

class BestFirstOpenList final : public OpenList {
  public:
    static constexpr std::size_t kMaxKeys = 3;

    BestFirstOpenList(std::vector<Evaluator*> keys, bool only_preferred)
        : keys_(std::move(keys)), only_preferred_(only_preferred) {
        if (keys_.empty() || keys_.size() > kMaxKeys) {
            throw std::logic_error("a best-first open list takes 1 to 3 keys");
        }
    }

    void push(EvalContext& context, NodeId node, bool preferred) override {
        if (only_preferred_ && !preferred) return;
        Entry e;
        for (std::size_t i = 0; i < keys_.size(); ++i)
            e.key[i] = context.value(*keys_[i]);
        e.sequence = next_sequence_++;
        e.node = node;
        heap_.push_back(e);
        std::push_heap(heap_.begin(), heap_.end(), Later{});
    }

    NodeId pop() override {
        std::pop_heap(heap_.begin(), heap_.end(), Later{});
        const NodeId node = heap_.back().node;
        heap_.pop_back();
        return node;
    }

    bool empty() const override { return heap_.empty(); }
    bool only_preferred() const override { return only_preferred_; }

  private:
    struct Entry {
        std::array<double, kMaxKeys> key{};
        std::uint64_t sequence = 0;
        NodeId node = -1;
    };
    // std::push_heap builds a max-heap: "a < b" must mean "b comes first".
    struct Later {
        bool operator()(const Entry& a, const Entry& b) const {
            if (a.key != b.key) return b.key < a.key;
            return b.sequence < a.sequence;
        }
    };

    std::vector<Evaluator*> keys_;
    bool only_preferred_;
    std::vector<Entry> heap_;
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

  private:
    std::vector<std::unique_ptr<OpenList>> lists_;
    std::vector<std::int64_t> priorities_;
};

}  // namespace

std::unique_ptr<OpenList> make_best_first_open_list(std::vector<Evaluator*> keys,
                                                    bool only_preferred) {
    return std::make_unique<BestFirstOpenList>(std::move(keys), only_preferred);
}

std::unique_ptr<OpenList> make_alternation_open_list(std::vector<std::unique_ptr<OpenList>> lists) {
    return std::make_unique<AlternationOpenList>(std::move(lists));
}

}  // namespace ll
