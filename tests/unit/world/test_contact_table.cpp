// The world's contact table (world/contact_table.h): the boundary contacts
// first, pairs found in either order, removed pairs' slots reused.
#include <doctest/doctest.h>

#include "world/contact_table.h"

TEST_CASE("contact table: boundary contacts by body, pairs in either order, slots reused") {
  cl::ContactTable table;
  table.reset(5, true);
  CHECK(table.slots() == 5);
  CHECK(table.boundary_contacts() == 5);
  for (int i = 0; i < 5; ++i) {
    REQUIRE(table.find(i, -1));
    CHECK(*table.find(i, -1) == static_cast<size_t>(i));
    CHECK(table[static_cast<size_t>(i)].i == i);
    CHECK(table[static_cast<size_t>(i)].j == -1);
  }
  CHECK(!table.find(1, 3));

  const size_t pair = table.find_or_add(3, 1);
  CHECK(pair == 5);
  CHECK(table[pair].i == 1);  // stored as i < j
  CHECK(table[pair].j == 3);
  CHECK(table.find(1, 3) == pair);
  CHECK(table.find(3, 1) == pair);
  CHECK(table.find_or_add(1, 3) == pair);  // no second entry
  table[pair].warm = 0.7;
  table[pair].has_warm = true;

  const size_t other = table.find_or_add(0, 4);
  CHECK(other == 6);
  table.remove(pair);
  CHECK(!table.used(pair));
  CHECK(!table.find(1, 3));
  CHECK(table.find(0, 4) == other);
  const size_t reused = table.find_or_add(2, 4);
  CHECK(reused == pair);  // the freed slot, before a new one
  CHECK(!table[reused].has_warm);  // a fresh contact: apart, no warm start
  CHECK(table.slots() == 7);

  table.remove(2);  // a boundary contact stays
  CHECK(table.used(2));
  CHECK(table.find(2, -1) == size_t{2});
  table.remove(reused);  // removing twice changes nothing
  table.remove(reused);
  CHECK(!table.find(2, 4));
  CHECK(!table.used(reused));
  CHECK(table.find(0, 4) == other);
  CHECK(table.slots() == 7);
  CHECK(table.find_or_add(1, 4) == reused);  // freed once, reused once
}

TEST_CASE("contact table without a boundary: pairs only") {
  cl::ContactTable table;
  table.reset(3, false);
  CHECK(table.slots() == 0);
  CHECK(!table.find(0, -1));
  CHECK(table.find_or_add(0, 2) == 0);
  CHECK(table.find_or_add(1, 2) == 1);
  table.remove(0);  // a pair: removed
  CHECK(!table.find(0, 2));
}
