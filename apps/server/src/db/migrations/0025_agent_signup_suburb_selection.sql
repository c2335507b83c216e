-- The suburbs an agent chose during sign-up and has not subscribed to yet, in the order chosen (issue 23 item 7):
-- kept on the server as they are made, so a reload, another tab or a pause keeps them.
ALTER TABLE "agent_profiles" ADD COLUMN "signup_suburb_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;
