//===- PlanTest.cpp - The plan file ---------------------------------------===//

#include "ks/Skills/Plan.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace ks::agents;

namespace {
/// `text` in a temporary file, removed when the test ends.
struct PlanFile {
  explicit PlanFile(llvm::StringRef text) {
    int fd;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("plan", "json", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
  }
  ~PlanFile() { llvm::sys::fs::remove(path); }
  llvm::SmallString<128> path;
};
} // namespace

TEST(Plan, WhatIsReadIsWrittenBack) {
  const char *text = R"({"dispatches": [{"id": 3, "skill": "b", "params": {"S": 2}},
                                        {"id": 1, "skill": "a", "params": {}}],
                         "finish_in_last_block": true, "reverse_blocks": [1],
                         "l1_no_allocate": [3, 1], "invariant_loads": [1]})";
  PlanFile file(text);
  llvm::Expected<Plan> plan = readPlan(file.path);
  ASSERT_TRUE(bool(plan)) << llvm::toString(plan.takeError());
  ASSERT_EQ(plan->steps.size(), 2u);
  EXPECT_EQ(plan->steps[0].dispatch, 3); // the file's order, not sorted
  EXPECT_EQ(plan->steps[0].params.lookup("S"), 2);
  EXPECT_TRUE(plan->finishInLastBlock);
  EXPECT_EQ(plan->l1NoAllocate, (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(plan->invariantLoads, (std::vector<int64_t>{1}));
  EXPECT_EQ(planToJson(*plan), *llvm::json::parse(text));
}

TEST(Plan, FieldsAtTheirDefaultsAreNotWritten) {
  Plan plan;
  plan.steps.push_back({2, "s", {}});
  EXPECT_EQ(planToJson(plan),
            *llvm::json::parse(R"({"dispatches": [{"id": 2, "skill": "s", "params": {}}]})"));
}

TEST(Plan, ErrorsNameTheFileAndTheEntry) {
  PlanFile file(R"({"dispatches": [{"id": 1, "skill": "a"}, {"skill": "b"}]})");
  llvm::Expected<Plan> plan = readPlan(file.path);
  ASSERT_FALSE(bool(plan));
  EXPECT_EQ(llvm::toString(plan.takeError()),
            "the plan " + file.path.str().str() +
                ", dispatches[1]: needs an integer \"id\" and a string \"skill\"");
  PlanFile lists(R"({"dispatches": [], "reverse_blocks": [1, "2"]})");
  plan = readPlan(lists.path);
  ASSERT_FALSE(bool(plan));
  EXPECT_EQ(llvm::toString(plan.takeError()),
            "the plan " + lists.path.str().str() +
                ": \"reverse_blocks\" must be a list of dispatch ids");
}
