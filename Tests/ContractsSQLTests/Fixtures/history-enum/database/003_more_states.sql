ALTER TYPE remote_match_status ADD VALUE 'paused' AFTER 'active';
ALTER TYPE remote_match_status ADD VALUE IF NOT EXISTS 'invited' BEFORE 'waiting';
ALTER TYPE remote_match_status ADD VALUE IF NOT EXISTS 'active';
ALTER TYPE remote_match_status ADD VALUE 'abandoned';
ALTER TYPE leg_status ADD VALUE 'bust';
