-- When a send run last showed it was alive (at its start and at every batch). A send still 'sending' whose runs
-- stopped longer ago than a claim goes stale, with no run waiting in the queue, was left by a process that died:
-- the digest's tick queues a run for it (docs/decisions/audience.md, "A process dies mid-send").
ALTER TABLE digest_sends ADD COLUMN run_at timestamptz;
