-- Cashback is the one word for the seller's money: e-mails already queued or sent under the template's other name
-- carry its name now, so the console finds and resends them as it does new ones.
UPDATE "email_messages" SET "template" = 'cashback-payable' WHERE "template" = 'cash-offer-payable';
