-- A review whose writer closes their account is taken down with the reason WRITER_CLOSED_ACCOUNT (no operator
-- chooses it): the closing would otherwise break this CHECK and the writer could never close their account.
ALTER TABLE "agent_reviews" DROP CONSTRAINT "agent_reviews_removal_reason_check";--> statement-breakpoint
ALTER TABLE "agent_reviews" ADD CONSTRAINT "agent_reviews_removal_reason_check" CHECK ("agent_reviews"."removal_reason" in ('FAKE_OR_CONFLICTED', 'PERSONAL_INFORMATION', 'OFFENSIVE', 'NOT_ABOUT_THE_SERVICE', 'WRITER_CLOSED_ACCOUNT'));
