import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { formatInvoiceNumber } from '@listwise/domain/tax-invoice';
import type { Tx } from '../../db/client.ts';
import { sellerProfiles, users } from '../../db/schema/accounts.ts';
import { appointmentRequests, comparableSales, propertyAppraisalRequests, propertyAppraisals } from '../../db/schema/appraisals.ts';
import { agentLicences } from '../../db/schema/licences.ts';
import { userMedia } from '../../db/schema/media.ts';
import { charges, paymentMethods, taxInvoices } from '../../db/schema/payments.ts';
import { properties, propertyMedia, proofOfAuthorityDocuments } from '../../db/schema/properties.ts';
import { agentNetworkAddresses, agentReviewReports, agentReviews } from '../../db/schema/reviews.ts';
import { cashbackClaims, propertySales } from '../../db/schema/sales.ts';
import { suburbSubscriptions } from '../../db/schema/subscriptions.ts';
import type { UserRow } from '../../graphql/context.ts';
import { PropertyRow, addressOf, agentsShownTo, dollars, exportAppraisal, suburbLabels } from './account-export-rows.ts';

/** The sections of an account's export: what a seller, an agent and the ledger hold about the user. */

export async function exportSeller(
  db: Tx,
  user: UserRow,
  mediaUrl: (key: string | null | undefined) => string | null,
  proofOfAuthorityUrl: (propertyId: string) => string,
) {
  const owned = await db.select().from(properties).where(eq(properties.sellerUserId, user.id)).orderBy(asc(properties.createdAt));
  const propertyIds = owned.map((p) => p.id);
  const none = propertyIds.length === 0;
  const [labels, mediaRows, requests, appraisals, appointments, sales, reviews, proofs] = await Promise.all([
    suburbLabels(
      db,
      owned.map((p) => p.suburbId),
    ),
    none
      ? []
      : db
          .select({ propertyId: propertyMedia.propertyId, type: propertyMedia.type, order: propertyMedia.order, media: userMedia })
          .from(propertyMedia)
          .innerJoin(userMedia, eq(userMedia.id, propertyMedia.userMediaId))
          .where(inArray(propertyMedia.propertyId, propertyIds))
          .orderBy(asc(propertyMedia.order)),
    none ? [] : db.select().from(propertyAppraisalRequests).where(inArray(propertyAppraisalRequests.propertyId, propertyIds)),
    // Only what was sent: an agent's draft is the agent's, never shown to the seller.
    none
      ? []
      : db
          .select()
          .from(propertyAppraisals)
          .where(and(inArray(propertyAppraisals.propertyId, propertyIds), eq(propertyAppraisals.state, 'SUBMITTED'))),
    db.select().from(appointmentRequests).where(eq(appointmentRequests.sellerUserId, user.id)),
    db.select().from(propertySales).where(eq(propertySales.sellerUserId, user.id)),
    db.select().from(agentReviews).where(eq(agentReviews.sellerUserId, user.id)),
    db.select().from(proofOfAuthorityDocuments).where(eq(proofOfAuthorityDocuments.sellerUserId, user.id)),
  ]);
  const proofByProperty = new Map(proofs.map((d) => [d.propertyId, d]));
  const appraisalIds = appraisals.map((a) => a.id);
  const [sales3, videos, agents, claims] = await Promise.all([
    appraisalIds.length ? db.select().from(comparableSales).where(inArray(comparableSales.propertyAppraisalId, appraisalIds)) : [],
    appraisals.some((a) => a.videoUserMediaId)
      ? db
          .select()
          .from(userMedia)
          .where(
            inArray(
              userMedia.id,
              appraisals.map((a) => a.videoUserMediaId).filter((id): id is string => !!id),
            ),
          )
      : [],
    agentsShownTo(db, [...requests.map((r) => r.agentUserId), ...appraisals.map((a) => a.agentUserId)]),
    db.select().from(cashbackClaims).where(eq(cashbackClaims.sellerUserId, user.id)),
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));

  return {
    properties: owned.map((p) => ({
      id: p.id,
      state: p.state,
      completeType: p.completeType,
      address: { ...addressOf(p), suburb: p.suburbId ? (labels.get(p.suburbId) ?? null) : null },
      answers: {
        propertyType: p.propertyType,
        numberOfBedrooms: p.numberOfBedrooms,
        numberOfBathrooms: p.numberOfBathrooms,
        numberOfToilets: p.numberOfToilets,
        numberOfCarSpaces: p.numberOfCarSpaces,
        numberOfLivingSpaces: p.numberOfLivingSpaces,
        propertySizeSqm: p.propertySizeSqm,
        landSizeSqm: p.landSizeSqm,
        propertyAge: p.propertyAge,
        additionalFeatures: p.additionalFeatures,
        capitalImprovements: p.capitalImprovements,
        estimatedSaleValueRange: p.estimatedSaleValueRange,
        idealTimeframeOfSale: p.idealTimeframeOfSale,
        preferredMethodOfSale: p.preferredMethodOfSale,
        areYouThePropertyOwner: p.areYouThePropertyOwner,
        noPropertyOwnerReason: p.noPropertyOwnerReason,
        verificationStatus: p.verificationStatus,
        verificationRejectionReason: p.verificationRejectionReason,
        additionalInformation: p.additionalInformation,
        askListwiseForMoreAgents: p.askListwiseForMoreAgents,
      },
      media: mediaRows
        .filter((m) => m.propertyId === p.id)
        .map((m) => ({ type: m.type, order: m.order, url: m.media.mainFileReady ? mediaUrl(m.media.storageKey) : null })),
      // The document itself through the same short-lived link the listing's page gives its seller.
      proofOfAuthority: proofByProperty.has(p.id)
        ? {
            fileName: proofByProperty.get(p.id)!.fileName,
            mimeType: proofByProperty.get(p.id)!.mimeType,
            sizeBytes: proofByProperty.get(p.id)!.sizeBytes,
            uploadedAt: proofByProperty.get(p.id)!.uploadedAt,
            url: proofOfAuthorityUrl(p.id),
          }
        : null,
      createdAt: p.createdAt,
      submittedAt: p.submittedAt,
      completedAt: p.completedAt,
      agentsAsked: requests
        .filter((r) => r.propertyId === p.id)
        .map((r) => ({
          agentName: agents.get(r.agentUserId)?.name ?? null,
          agencyName: agents.get(r.agentUserId)?.agencyName ?? null,
          state: r.state,
          requestedAt: r.requestedAt,
          expiresAt: r.expiresAt,
          declineReason: r.declineReason,
        })),
      appraisalsReceived: appraisals
        .filter((a) => a.propertyId === p.id)
        .map((a) => ({
          agentName: agents.get(a.agentUserId)?.name ?? null,
          agencyName: agents.get(a.agentUserId)?.agencyName ?? null,
          agentMobileNumber: agents.get(a.agentUserId)?.mobileNumber ?? null,
          ...exportAppraisal(a, sales3, mediaUrl, a.videoUserMediaId ? videoById.get(a.videoUserMediaId) : undefined),
        })),
    })),
    appointmentRequests: appointments.map((a) => ({
      propertyId: a.propertyId,
      agentName: agents.get(a.agentUserId)?.name ?? null,
      requestedAppointmentDate: a.requestedAppointmentDate,
      requestedAppointmentTime: a.requestedAppointmentTime,
      note: a.note,
      requestedAt: a.requestedBySellerAt,
      changedAt: a.changedAt,
      cancelledAt: a.cancelledAt,
      cancelledBy: a.cancelledBy,
    })),
    sales: sales.map((s) => {
      const claim = claims.find((c) => c.propertySaleId === s.id);
      return {
        propertyId: s.propertyId,
        agentName: agents.get(s.sellingAgentUserId)?.name ?? null,
        reportedAt: s.reportedAt,
        confirmedAt: s.confirmedAt,
        salePriceDollars: dollars(s.salePriceCents),
        contractDate: s.contractDate,
        cashbackClaim: claim && {
          amountDollars: dollars(claim.amountCents),
          bsb: claim.bsbMasked,
          accountNumber: claim.accountNumberMasked,
          status: claim.status,
          claimedAt: claim.claimedAt,
          payableAt: claim.payableAt,
          paidAt: claim.paidAt,
        },
      };
    }),
    reviewsWritten: reviews.map((r) => ({
      agentName: agents.get(r.agentUserId)?.name ?? null,
      rating: r.rating,
      text: r.text,
      shownAs: `${r.reviewerFirstName}, ${r.suburbName}`,
      status: r.status,
      createdAt: r.createdAt,
      editedAt: r.editedAt,
      agentReply: r.replyText,
    })),
  };
}

export async function exportAgent(db: Tx, user: UserRow, mediaUrl: (key: string | null | undefined) => string | null) {
  const [licence, subscriptions, requests, appraisals, appointments, sales, reviews, reports, addresses] = await Promise.all([
    db.query.agentLicences.findFirst({ where: eq(agentLicences.agentUserId, user.id) }),
    db.select().from(suburbSubscriptions).where(eq(suburbSubscriptions.agentUserId, user.id)),
    db
      .select({ request: propertyAppraisalRequests, property: properties })
      .from(propertyAppraisalRequests)
      .innerJoin(properties, eq(properties.id, propertyAppraisalRequests.propertyId))
      .where(eq(propertyAppraisalRequests.agentUserId, user.id))
      .orderBy(asc(propertyAppraisalRequests.requestedAt)),
    db.select().from(propertyAppraisals).where(eq(propertyAppraisals.agentUserId, user.id)),
    db
      .select({
        appointment: appointmentRequests,
        sellerName: sellerProfiles.name,
        sellerEmail: users.email,
        sellerMobileNumber: users.mobileNumber,
      })
      .from(appointmentRequests)
      .innerJoin(users, eq(users.id, appointmentRequests.sellerUserId))
      .leftJoin(sellerProfiles, eq(sellerProfiles.userId, appointmentRequests.sellerUserId))
      .where(eq(appointmentRequests.agentUserId, user.id)),
    db
      .select({ sale: propertySales, sellerName: sellerProfiles.name })
      .from(propertySales)
      .leftJoin(sellerProfiles, eq(sellerProfiles.userId, propertySales.sellerUserId))
      .where(eq(propertySales.sellingAgentUserId, user.id)),
    db
      .select()
      .from(agentReviews)
      .where(and(eq(agentReviews.agentUserId, user.id), or(eq(agentReviews.status, 'PUBLISHED'), isNotNull(agentReviews.replyText)))),
    db.select().from(agentReviewReports).where(eq(agentReviewReports.agentUserId, user.id)),
    db.select().from(agentNetworkAddresses).where(eq(agentNetworkAddresses.agentUserId, user.id)),
  ]);
  const labels = await suburbLabels(db, [...subscriptions.map((s) => s.suburbId), ...requests.map((r) => r.property.suburbId)]);
  const appraisalIds = appraisals.map((a) => a.id);
  const [sales3, videos] = await Promise.all([
    appraisalIds.length ? db.select().from(comparableSales).where(inArray(comparableSales.propertyAppraisalId, appraisalIds)) : [],
    db.select().from(userMedia).where(eq(userMedia.ownerUserId, user.id)),
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const isAccepted = new Map(requests.map((r) => [r.property.id, !!r.request.paymentConditionAcceptedAt]));
  // The street of a property only where the agent was shown it: after accepting the lead-fee condition.
  const placeOf = (p: PropertyRow) => ({
    ...(isAccepted.get(p.id) ? addressOf(p) : {}),
    suburb: p.suburbId ? (labels.get(p.suburbId) ?? null) : null,
  });
  const propertyById = new Map(requests.map((r) => [r.property.id, r.property]));

  return {
    licence: licence && {
      number: licence.number,
      state: licence.state,
      licenseeName: licence.licenseeName,
      status: licence.status,
      submittedAt: licence.submittedAt,
      verifiedAt: licence.verifiedAt,
      rejectionReason: licence.rejectionReason,
    },
    suburbSubscriptions: subscriptions.map((s) => ({
      suburb: labels.get(s.suburbId) ?? null,
      isFreeTrial: s.isFreeTrial,
      startsAt: s.startsAt,
      expiresAt: s.expiresAt,
      autoRenew: s.autoRenew,
      cancelledAt: s.cancelledAt,
    })),
    consentsToLeadFeeCondition: requests
      .filter((r) => r.request.paymentConditionAcceptedAt)
      .map((r) => ({ requestId: r.request.id, acceptedAt: r.request.paymentConditionAcceptedAt })),
    appraisalRequestsReceived: requests.map((r) => ({
      id: r.request.id,
      state: r.request.state,
      property: { ...placeOf(r.property), propertyType: r.property.propertyType },
      requestedAt: r.request.requestedAt,
      expiresAt: r.request.expiresAt,
      seenAt: r.request.seenByAgentAt,
      leadFeeConditionAcceptedAt: r.request.paymentConditionAcceptedAt,
      declineReason: r.request.declineReason,
    })),
    appraisals: appraisals.map((a) => ({
      requestId: a.appraisalRequestId,
      property: propertyById.has(a.propertyId) ? placeOf(propertyById.get(a.propertyId)!) : null,
      ...exportAppraisal(a, sales3, mediaUrl, a.videoUserMediaId ? videoById.get(a.videoUserMediaId) : undefined),
    })),
    appointmentRequestsReceived: appointments.map((a) => ({
      property: propertyById.has(a.appointment.propertyId) ? placeOf(propertyById.get(a.appointment.propertyId)!) : null,
      sellerName: a.sellerName,
      sellerEmail: a.sellerEmail,
      sellerMobileNumber: a.sellerMobileNumber,
      requestedAppointmentDate: a.appointment.requestedAppointmentDate,
      requestedAppointmentTime: a.appointment.requestedAppointmentTime,
      note: a.appointment.note,
      requestedAt: a.appointment.requestedBySellerAt,
      seenAt: a.appointment.seenByAgentAt,
    })),
    salesReported: sales.map(({ sale, sellerName }) => ({
      property: propertyById.has(sale.propertyId) ? placeOf(propertyById.get(sale.propertyId)!) : null,
      sellerName,
      reportedAt: sale.reportedAt,
      confirmedAt: sale.confirmedAt,
      salePriceDollars: dollars(sale.salePriceCents),
      contractDate: sale.contractDate,
      leadFeeStatus: sale.leadFeeStatus,
      leadFeeDollars: dollars(sale.leadFeeCents),
      disputedAt: sale.disputedAt,
      disputeReason: sale.disputeReason,
    })),
    reviewsReceived: reviews.map((r) => ({
      rating: r.rating,
      text: r.status === 'PUBLISHED' ? r.text : null,
      shownAs: `${r.reviewerFirstName}, ${r.suburbName}`,
      status: r.status,
      createdAt: r.createdAt,
      yourReply: r.replyText,
    })),
    reviewReportsMade: reports.map((r) => ({ reviewId: r.reviewId, reason: r.reason, createdAt: r.createdAt })),
    networkAddressesUsed: addresses.map((a) => ({ address: a.address, lastUsedAt: a.lastUsedAt })),
  };
}

export async function exportMoney(db: Tx, user: UserRow) {
  const [cards, ledger, invoices] = await Promise.all([
    db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)),
    db.select().from(charges).where(eq(charges.userId, user.id)).orderBy(asc(charges.createdAt)),
    db.select().from(taxInvoices).where(eq(taxInvoices.userId, user.id)).orderBy(asc(taxInvoices.sequence)),
  ]);
  return {
    savedCards: cards.map((c) => ({
      cardBrand: c.cardBrand,
      cardSuffix: c.cardSuffix,
      expMonth: c.expMonth,
      expYear: c.expYear,
      isDefault: c.isDefault,
    })),
    charges: ledger.map((c) => ({
      id: c.id,
      kind: c.kind,
      description: c.description,
      amountDollars: dollars(c.amountCents),
      gstDollars: dollars(c.gstCents),
      status: c.status,
      failureReason: c.failureReason,
      createdAt: c.createdAt,
      settledAt: c.settledAt,
      refundedAt: c.refundedAt,
    })),
    taxInvoices: invoices.map((i) => ({
      number: formatInvoiceNumber(i.sequence),
      chargeId: i.chargeId,
      issuedAt: i.issuedAt,
      supplierName: i.supplierName,
      supplierAbn: i.supplierAbn,
      customerName: i.customerName,
      customerEmail: i.customerEmail,
      customerAgencyName: i.customerAgencyName,
      customerAgencyAbn: i.customerAgencyAbn,
      description: i.description,
      amountExcludingGstDollars: dollars(i.amountExcludingGstCents),
      gstDollars: dollars(i.gstCents),
      totalDollars: dollars(i.totalCents),
    })),
  };
}
