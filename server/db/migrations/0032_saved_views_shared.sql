-- Saved views shared with the team (issue 49): everyone sees a shared view; its owner or an administrator
-- may change it. Existing views stay their owner's alone.
ALTER TABLE "saved_views" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;
