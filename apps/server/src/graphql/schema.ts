import { builder } from './builder.ts';
// Each module registers its types, queries and mutations on import.
import '../modules/media/media.graphql.ts';
import '../modules/accounts/accounts.graphql.ts';
import '../modules/settings/settings.graphql.ts';
import '../modules/suburbs/suburbs.graphql.ts';

export const schema = builder.toSchema({ sortSchema: true });
