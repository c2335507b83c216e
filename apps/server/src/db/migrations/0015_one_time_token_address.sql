ALTER TABLE "one_time_tokens" ADD COLUMN "email" text;
