import { builder } from '../graphql/builder.ts';
import { refuseControlCharacters } from '../graphql/control-characters.ts';
// Each module registers its types, queries and mutations on import.
import '../modules/media/media.graphql.ts';
import '../modules/accounts/accounts.graphql.ts';
import '../modules/accounts/social-sign-in.graphql.ts';
import '../modules/accounts/email-preferences.graphql.ts';
import '../modules/accounts/push-notifications.graphql.ts';
import '../modules/settings/settings.graphql.ts';
import '../modules/suburbs/suburbs.graphql.ts';
import '../modules/listings/listings.graphql.ts';
import '../modules/listings/published-property.graphql.ts';
import '../modules/payments/payments.graphql.ts';
import '../modules/payments/billing.graphql.ts';
import '../modules/subscriptions/subscriptions.graphql.ts';
import '../modules/agents/agents.graphql.ts';
import '../modules/appraisals/appraisals.graphql.ts';
import '../modules/appointments/appointments.graphql.ts';
import '../modules/sales/sales.graphql.ts';
import '../modules/appraisals/appraisal-comparison.graphql.ts';
import '../modules/agents/licences.graphql.ts';
import '../modules/agents/agent-suspensions.graphql.ts';
import '../modules/admin/admin.graphql.ts';
import '../modules/public-pages/public-agents.graphql.ts';
import '../modules/reviews/reviews.graphql.ts';
import '../modules/admin/money-attention.graphql.ts';
import '../modules/privacy/privacy.graphql.ts';

export const schema = refuseControlCharacters(builder.toSchema({ sortSchema: true }));
