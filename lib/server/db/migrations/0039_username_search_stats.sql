-- The players room finds a username by its start. At the default statistics target a table of
-- 10⁵ players is sampled, and some samples put a short prefix's range at hundreds of rows: the
-- planner then read the whole table. A finer histogram (1,000 bins) keeps the estimate near the
-- truth, so the index is chosen.
ALTER INDEX "users_username_search_idx" ALTER COLUMN 1 SET STATISTICS 1000;
