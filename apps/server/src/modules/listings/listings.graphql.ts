import type { ListingVerificationStatus } from '@listwise/domain/proof-of-authority';
import { PROPERTY_QUESTIONS, questionRequirementsFor, type QuestionRequirements } from '@listwise/domain/question-requirements';
import type { PropertyMediaType, PropertyType } from '@listwise/domain/enums';
import { builder } from '../../graphql/builder.ts';
import { describedValues } from '../../graphql/enum-values.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { UserMediaRef } from '../media/media.graphql.ts';
import { SuburbRef } from '../suburbs/suburbs.graphql.ts';
import * as drafts from './draft-property.service.ts';
import { listingLoaders } from './listing-loaders.ts';
import type { PropertyRow } from '../../db/schema/properties.ts';
import {
  AdditionalFeatureEnum,
  CompleteTypeEnum,
  EstimatedSaleValueRangeEnum,
  IdealTimeframeOfSaleEnum,
  PreferredMethodOfSaleEnum,
  PropertyMediaTypeEnum,
  PropertyStateEnum,
  PropertyTypeEnum,
  QuestionRequirementEnum,
  YesNoEnum,
} from './property-enums.graphql.ts';
import { mayReadProofOfAuthority, mayUploadProof, proofOfAuthorityUrl, type ProofOfAuthorityRow } from './proof-of-authority.service.ts';
import { isAwaitingVerification } from './publish-property.service.ts';

/**
 * The listings module's API types (spec 001 §7): the Property type shared by sellers and agents, with its media
 * and proof of authority; the calls that answer them are in listing-operations.graphql.ts. Resolvers stay thin:
 * the services parse, authorise and apply the rules.
 */

/**
 * A property as the API shows it. The appraisal loop passes `detailsHidden: true` for an agent who has not
 * accepted the payment condition: the street, unit, coordinates, media and free-text notes then resolve to
 * null or [] (PRODUCT.md 'Appraisal requests').
 */
export type PropertyViewRow = PropertyRow & { detailsHidden?: boolean };

const hidden = (p: PropertyViewRow) => p.detailsHidden === true;
const unlessHidden = <T>(p: PropertyViewRow, value: T): T | null => (hidden(p) ? null : value);

export const ListingVerificationStatusEnum = builder.enumType('ListingVerificationStatus', {
  description: 'Whether Listwise has checked that a seller who is not the owner may sell the listing.',
  values: describedValues<ListingVerificationStatus>({
    NOT_REQUIRED: 'The seller is the owner: nothing to check.',
    PENDING: "Waiting for an operator; the chosen agents' requests are held until then.",
    VERIFIED: 'An operator verified it; the held requests went out.',
    REJECTED: 'An operator could not verify it (`verificationRejectionReason`); the seller may upload proof to be checked again.',
  }),
});

export const ProofOfAuthorityRef = builder.objectRef<ProofOfAuthorityRow>('ProofOfAuthority').implement({
  description: "A listing's proof of authority to sell (a signed authority or a rates notice), as its seller uploaded it.",
  fields: (t) => ({
    fileName: t.exposeString('fileName', { description: 'The name of the file as uploaded.' }),
    mimeType: t.exposeString('mimeType', { description: "Its content type ('application/pdf', 'image/jpeg')." }),
    sizeBytes: t.exposeInt('sizeBytes', { description: 'Its size in bytes.' }),
    uploadedAt: t.expose('uploadedAt', { type: 'DateTime', description: 'When it was uploaded.' }),
    url: t.string({
      description: 'A link to the document that works for a few minutes; only its seller and operators are given one.',
      resolve: (d, _a, ctx) => proofOfAuthorityUrl(ctx.deps, d.propertyId),
    }),
  }),
});

const PropertyMediaRef = builder.objectRef<drafts.PropertyMediaRow>('PropertyMedia').implement({
  description: "An upload placed in one of a listing's media lists.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The id of the placement (`propertyMediaId`), not of the upload.' }),
    type: t.field({ type: PropertyMediaTypeEnum, description: 'The list it is in.', resolve: (m) => m.type }),
    order: t.exposeInt('order', { description: 'Its position in the list, from 0.' }),
    userMedia: t.field({
      type: UserMediaRef,
      description: 'The uploaded file.',
      resolve: async (m, _a, ctx) => (await ctx.loaders.userMediaById.load(m.userMediaId))!,
    }),
  }),
});

const QuestionRequirementsRef = builder.objectRef<QuestionRequirements>('QuestionRequirements').implement({
  description: 'Whether each property question is asked for this property type: NOT_REQUIRED (hidden), OPTIONAL or REQUIRED.',
  fields: (t) =>
    Object.fromEntries(
      PROPERTY_QUESTIONS.map((question) => [
        question,
        t.field({ type: QuestionRequirementEnum, description: `Whether \`${question}\` is asked.`, resolve: (r) => r[question] }),
      ]),
    ) as Record<(typeof PROPERTY_QUESTIONS)[number], ReturnType<typeof t.field>>,
});

/**
 * A property's media of one type. Media whose file was refused or failed processing is shown to the seller only
 * (who can remove it); agents never see it, so it can never become the hero image of a request.
 */
const mediaOfType = async (p: PropertyViewRow, ctx: GraphQLContext, type: drafts.PropertyMediaRow['type']) => {
  if (hidden(p)) return [];
  const media = (await listingLoaders(ctx).mediaByPropertyId.load(p.id)).filter((m) => m.type === type);
  if (ctx.user?.id === p.sellerUserId) return media;
  const files = await Promise.all(media.map((m) => ctx.loaders.userMediaById.load(m.userMediaId)));
  return media.filter((_m, i) => files[i] && !files[i].processingError);
};

const enumValue = <T>(value: string | null) => value as T | null;

export const PropertyRef = builder.objectRef<PropertyViewRow>('Property').implement({
  description:
    "A seller's property and its listing, as its seller and the agents asked about it see it. For an agent who has not accepted the payment condition (`detailsHidden`), the street, unit, coordinates, media and free-text notes are null or empty.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The property id.' }),
    state: t.field({ type: PropertyStateEnum, description: 'Where the listing stands.', resolve: (p) => p.state }),
    completeType: t.field({
      type: CompleteTypeEnum,
      nullable: true,
      description: 'How the listing finished; null until COMPLETE.',
      resolve: (p) => p.completeType,
    }),
    unitNumber: t.string({
      nullable: true,
      description: 'The unit, when there is one; null when hidden.',
      resolve: (p) => unlessHidden(p, p.unitNumber),
    }),
    streetNumber: t.string({
      nullable: true,
      description: 'The street number; null when none or hidden.',
      resolve: (p) => unlessHidden(p, p.streetNumber),
    }),
    streetName: t.string({
      nullable: true,
      description: "The street ('George Street'); null when hidden.",
      resolve: (p) => unlessHidden(p, p.streetName),
    }),
    latitude: t.float({
      nullable: true,
      description: 'Degrees (WGS 84); null when unknown or hidden.',
      resolve: (p) => unlessHidden(p, p.latitude),
    }),
    longitude: t.float({
      nullable: true,
      description: 'Degrees (WGS 84); null when unknown or hidden.',
      resolve: (p) => unlessHidden(p, p.longitude),
    }),
    suburb: t.field({
      type: SuburbRef,
      nullable: true,
      description: 'The suburb; null only for a property whose suburb is not set.',
      resolve: (p, _a, ctx) => (p.suburbId == null ? null : listingLoaders(ctx).suburbById.load(p.suburbId)),
    }),
    propertyType: t.field({
      type: PropertyTypeEnum,
      nullable: true,
      description: 'Null until the seller picks it.',
      resolve: (p) => enumValue<PropertyType>(p.propertyType),
    }),
    numberOfBedrooms: t.exposeInt('numberOfBedrooms', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfBathrooms: t.exposeInt('numberOfBathrooms', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfToilets: t.exposeInt('numberOfToilets', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfCarSpaces: t.exposeInt('numberOfCarSpaces', { nullable: true, description: 'Null when not answered or not asked.' }),
    numberOfLivingSpaces: t.exposeInt('numberOfLivingSpaces', { nullable: true, description: 'Null when not answered or not asked.' }),
    propertySizeSqm: t.exposeInt('propertySizeSqm', {
      nullable: true,
      description: 'Floor area in square metres; null when not answered.',
    }),
    landSizeSqm: t.exposeInt('landSizeSqm', { nullable: true, description: 'Land area in square metres; null when not answered.' }),
    propertyAge: t.exposeInt('propertyAge', { nullable: true, description: 'Age of the building in years; null when not answered.' }),
    additionalFeatures: t.field({
      type: [AdditionalFeatureEnum],
      description: 'The features ticked; empty when none.',
      resolve: (p) => p.additionalFeatures as (typeof AdditionalFeatureEnum)['$inferType'][],
    }),
    capitalImprovements: t.field({
      type: YesNoEnum,
      nullable: true,
      description: 'Whether the property had capital improvements; null when not answered.',
      resolve: (p) => p.capitalImprovements,
    }),
    estimatedSaleValue: t.exposeInt('estimatedSaleValue', {
      nullable: true,
      description: 'A dollar estimate, where one was given; null otherwise.',
    }),
    estimatedSaleValueRange: t.field({
      type: EstimatedSaleValueRangeEnum,
      nullable: true,
      description: "The seller's guess of the price; null until the sale-info step.",
      resolve: (p) => enumValue<(typeof EstimatedSaleValueRangeEnum)['$inferType']>(p.estimatedSaleValueRange),
    }),
    idealTimeframeOfSale: t.field({
      type: IdealTimeframeOfSaleEnum,
      nullable: true,
      description: 'Null until the sale-info step.',
      resolve: (p) => enumValue<(typeof IdealTimeframeOfSaleEnum)['$inferType']>(p.idealTimeframeOfSale),
    }),
    preferredMethodOfSale: t.field({
      type: PreferredMethodOfSaleEnum,
      nullable: true,
      description: 'Null until the sale-info step.',
      resolve: (p) => enumValue<(typeof PreferredMethodOfSaleEnum)['$inferType']>(p.preferredMethodOfSale),
    }),
    areYouThePropertyOwner: t.field({
      type: YesNoEnum,
      nullable: true,
      description: 'Whether the seller owns the property (NO means Listwise verifies the listing); null until answered.',
      resolve: (p) => p.areYouThePropertyOwner,
    }),
    noPropertyOwnerReason: t.string({
      nullable: true,
      description: 'Who the seller is to the owner, when not the owner; null otherwise or when hidden.',
      resolve: (p) => unlessHidden(p, p.noPropertyOwnerReason),
    }),
    additionalInformation: t.string({
      nullable: true,
      description: "The seller's notes to agents, up to 3500 characters; null when none or hidden.",
      resolve: (p) => unlessHidden(p, p.additionalInformation),
    }),
    photos: t.field({
      type: [PropertyMediaRef],
      description: 'Photos in order (the first is the hero image); empty when hidden. Agents do not see uploads that failed processing.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'PHOTO'),
    }),
    floorplans: t.field({
      type: [PropertyMediaRef],
      description: 'Floor plans in order; empty when hidden.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'FLOOR_PLAN'),
    }),
    videos: t.field({
      type: [PropertyMediaRef],
      description: 'Videos in order; empty when hidden.',
      resolve: (p, _a, ctx) => mediaOfType(p, ctx, 'VIDEO'),
    }),
    questionRequirements: t.field({
      type: QuestionRequirementsRef,
      description: "Which questions the property's type asks (all optional before a type is picked).",
      resolve: (p) => questionRequirementsFor(enumValue<PropertyType>(p.propertyType)),
    }),
    submittedAt: t.expose('submittedAt', { type: 'DateTime', nullable: true, description: 'When it was published; null for a draft.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the draft was started.' }),
    detailsHidden: t.boolean({
      description: 'Whether the details are hidden from this agent until they accept the payment condition (always false for the seller).',
      resolve: (p) => hidden(p),
    }),
    askListwiseForMoreAgents: t.boolean({
      description: 'Whether the seller asked Listwise to find more agents for the suburb; false when hidden.',
      resolve: (p) => !hidden(p) && p.askListwiseForMoreAgents,
    }),
    appraisalCount: t.int({
      description: 'Appraisals the seller has received (submitted by agents); 0 for anyone but the seller.',
      // Agents reach this type through their requests and must not learn how many competitors answered.
      resolve: (p, _a, ctx) => (ctx.user?.id === p.sellerUserId ? listingLoaders(ctx).appraisalCountByPropertyId.load(p.id) : 0),
    }),
    isAwaitingVerification: t.boolean({
      description:
        'Listwise must verify that the seller may sell this listing (not the owner) before the chosen agents receive the request: it waits, or was rejected and waits for proof.',
      resolve: (p) => !hidden(p) && p.state === 'ACTIVE' && isAwaitingVerification(p),
    }),
    verificationStatus: t.field({
      type: ListingVerificationStatusEnum,
      description: 'Where the listing stands in verification; NOT_REQUIRED when the seller is the owner.',
      resolve: (p) => p.verificationStatus,
    }),
    verificationRejectionReason: t.string({
      nullable: true,
      description: 'Why an operator could not verify the listing: to its seller and operators only, while REJECTED.',
      resolve: (p, _a, ctx) =>
        p.verificationStatus === 'REJECTED' && mayReadProofOfAuthority(ctx.user, p) ? p.verificationRejectionReason : null,
    }),
    canUploadProofOfAuthority: t.boolean({
      description: "Whether the listing's seller may upload proof of authority to sell (PUT /properties/<id>/proof-of-authority).",
      resolve: (p, _a, ctx) => ctx.user?.id === p.sellerUserId && mayUploadProof(p),
    }),
    proofOfAuthority: t.field({
      type: ProofOfAuthorityRef,
      nullable: true,
      description: 'The proof of authority to sell the seller uploaded: to the seller and operators only, never to agents.',
      resolve: (p, _a, ctx) => (mayReadProofOfAuthority(ctx.user, p) ? listingLoaders(ctx).proofOfAuthorityByPropertyId.load(p.id) : null),
    }),
  }),
});

/** Attaching one of the seller's uploads to a media list, of a draft or of a published listing: the same three arguments. */
export const attachMediaArgs = (propertyDescription: string) =>
  builder.args((t) => ({
    propertyId: t.id({ required: true, description: propertyDescription }),
    propertyMediaType: t.field({ type: PropertyMediaTypeEnum, required: true, description: 'The list.' }),
    userMediaId: t.id({ required: true, description: "One of the seller's uploads." }),
  }));

export const attachMediaInput = (args: {
  propertyId: string | number;
  propertyMediaType: PropertyMediaType;
  userMediaId: string | number;
}) => ({
  propertyId: String(args.propertyId),
  propertyMediaType: args.propertyMediaType,
  userMediaId: String(args.userMediaId),
});
