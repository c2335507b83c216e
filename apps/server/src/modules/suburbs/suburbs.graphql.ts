import type { AustralianState } from '@listwise/domain/enums';
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageSize } from '../../lib/pagination.ts';
import {
  countLiveSubscriptions,
  countRecentListings,
  countSellersWaitingForAgent,
  findNearbySuburbs,
  findSuburbsByIds,
  getSuburbFromSearch,
  searchSuburbs,
} from './suburbs.service.ts';
import { type SuburbRow } from '../../db/schema/suburbs.ts';

/** Suburb type and look-ups (spec 000 §7 `suburbs(ids)`, `getSuburbFromSearch`, plus the pickers' prefix search). */

// Loaders for fields of Suburb, kept per request on the context object.
const suburbLoaders = new WeakMap<
  GraphQLContext,
  {
    nearby: DataLoader<number, SuburbRow[]>;
    liveCount: DataLoader<number, number>;
    recentListings: DataLoader<number, number | null>;
    sellersWaiting: DataLoader<number, number>;
  }
>();
function loadersFor(ctx: GraphQLContext) {
  let loaders = suburbLoaders.get(ctx);
  if (!loaders) {
    loaders = {
      nearby: new DataLoader(async (ids) => {
        const rows = await findNearbySuburbs(ctx.deps.db, ids);
        return ids.map((id) => rows.filter((r) => r.suburbId === id).map((r) => r.suburb));
      }),
      liveCount: new DataLoader(async (ids) => {
        const counts = await countLiveSubscriptions(ctx.deps.db, ids, ctx.deps.clock.now());
        return ids.map((id) => counts.get(id) ?? 0);
      }),
      recentListings: new DataLoader(async (ids) => {
        const counts = await countRecentListings(ctx.deps.db, ids, ctx.deps.clock.now());
        return ids.map((id) => counts.get(id) ?? null);
      }),
      sellersWaiting: new DataLoader(async (ids) => {
        const counts = await countSellersWaitingForAgent(ctx.deps.db, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      }),
    };
    suburbLoaders.set(ctx, loaders);
  }
  return loaders;
}

export const StateEnum = builder.enumType('State', {
  description: 'An Australian state or territory.',
  values: describedValues<AustralianState>({
    ACT: 'Australian Capital Territory.',
    NSW: 'New South Wales.',
    NT: 'Northern Territory.',
    QLD: 'Queensland.',
    SA: 'South Australia.',
    TAS: 'Tasmania.',
    VIC: 'Victoria.',
    WA: 'Western Australia.',
  }),
});

export const SuburbRef = builder.objectRef<SuburbRow>('Suburb');

const SuburbDemandRef = builder.objectRef<SuburbRow>('SuburbDemand').implement({
  description: 'How much work a suburb offers an agent, and how many agents already hold it.',
  fields: (t) => ({
    listingsLast90Days: t.int({
      nullable: true,
      description: 'Listings its sellers published in the last 90 days; null when fewer than 3, so no seller can be singled out.',
      resolve: (s, _a, ctx) => loadersFor(ctx).recentListings.load(s.id),
    }),
    sellersWaitingForAgent: t.int({
      description:
        'Sellers with a live listing in the suburb that no agent has been asked about yet (none served it, or they chose none): sellers waiting for an agent.',
      resolve: (s, _a, ctx) => loadersFor(ctx).sellersWaiting.load(s.id),
    }),
    subscribedAgentsCount: t.int({
      description: 'Agents holding a live subscription in the suburb.',
      resolve: (s, _a, ctx) => loadersFor(ctx).liveCount.load(s.id),
    }),
    subscribedAgentsMax: t.exposeInt('subscribedAgentsMax', {
      description: 'How many agents the suburb takes (5 unless an operator set it).',
    }),
  }),
});
SuburbRef.implement({
  description: 'An Australian suburb (a locality with its postcode): what agents subscribe to and listings sit in.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The suburb id, a positive integer.' }),
    name: t.exposeString('name', { description: "The locality's name ('Surry Hills')." }),
    state: t.field({
      type: StateEnum,
      description: 'Its state or territory.',
      resolve: (s) => s.state as (typeof StateEnum)['$inferType'],
    }),
    postcode: t.exposeString('postcode', { description: 'Four digits.' }),
    subscribedAgentsCount: t.int({
      description: 'Agents holding a live subscription here; the suburb is full when it reaches `subscribedAgentsMax`.',
      resolve: (s, _a, ctx) => loadersFor(ctx).liveCount.load(s.id),
    }),
    subscribedAgentsMax: t.exposeInt('subscribedAgentsMax', {
      description: 'How many agents the suburb takes (5 unless an operator set it).',
    }),
    nearbySuburbs: t.field({
      type: [SuburbRef],
      description: 'Suburbs close by, nearest first, for the pickers to suggest.',
      resolve: (s, _a, ctx) => loadersFor(ctx).nearby.load(s.id),
    }),
    demand: t.field({
      type: SuburbDemandRef,
      description: 'What an agent sees before subscribing: recent listings and how many agents hold the suburb.',
      resolve: (s) => s,
    }),
  }),
});

const SuburbSearchInput = builder.inputType('SuburbSearchInput', {
  description: 'One locality a places look-up named.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The locality name, any case.' }),
    state: t.string({ description: "Its state's abbreviation ('NSW'), when known." }),
  }),
});

const parseIds = (ids: readonly (string | number)[]) =>
  ids.map((id) => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) throw new AppError('validation_failed', 'ids');
    return n;
  });

builder.queryFields((t) => ({
  suburbs: t.field({
    type: [SuburbRef],
    description: 'Suburbs by id, in the order asked (the first 100); an id that matches none is left out. Anyone may ask.',
    args: { ids: t.arg.idList({ required: true, description: 'Suburb ids (positive integers; anything else is validation_failed).' }) },
    resolve: async (_r, args, ctx) => {
      const ids = parseIds(args.ids).slice(0, 100);
      const rows = await findSuburbsByIds(ctx.deps.db, ids);
      return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is SuburbRow => !!r);
    },
  }),
  getSuburbFromSearch: t.field({
    type: SuburbRef,
    nullable: true,
    description:
      'The suburb of an address a places look-up returned: the first candidate that matches, narrowed by `state`; a `postcode` match wins. Null when none matches. Anyone may ask.',
    args: {
      suburbs: t.arg({
        type: [SuburbSearchInput],
        required: true,
        description: 'Candidate localities, most specific first (the first 10 count).',
      }),
      state: t.arg.string({ description: "The address's state abbreviation." }),
      postcode: t.arg.string({ description: "The address's postcode." }),
    },
    resolve: (_r, args, ctx) =>
      getSuburbFromSearch(ctx.deps.db, { suburbs: args.suburbs.slice(0, 10), state: args.state, postcode: args.postcode }),
  }),
  searchSuburbs: t.field({
    type: [SuburbRef],
    description: 'Prefix search by suburb name or postcode, for the suburb pickers. Anyone may ask.',
    args: {
      query: t.arg.string({
        required: true,
        description: 'The start of a name (any case) or, in digits, of a postcode; up to 100 characters count.',
      }),
      first: t.arg.int({ defaultValue: 10, description: 'How many suburbs to answer, 1 to 50.' }),
    },
    resolve: (_r, args, ctx) => searchSuburbs(ctx.deps.db, args.query.slice(0, 100), pageSize(args.first)),
  }),
}));
