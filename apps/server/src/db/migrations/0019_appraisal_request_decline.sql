-- An agent may decline an appraisal request with a reason (issue 23): the state DECLINED and the reason chosen.
ALTER TABLE "property_appraisal_requests" ADD COLUMN "decline_reason" text;
