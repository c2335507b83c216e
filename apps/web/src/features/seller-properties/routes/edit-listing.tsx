/**
 * /property/{id}/edit — 'Edit listing' for a published listing's seller: details, features, sale
 * information and notes in one form (`updatePublishedProperty`), and photos, floor plans and videos added or
 * removed at once. The agents asked see the listing marked updated, and get one e-mail for the session.
 * A listing no longer ACTIVE (withdrawn, sold) cannot be edited: the page says so and links back.
 * The page says which parts save at once (media) and which on 'Save changes', and leaving with unsaved changes
 * (or an upload still running) asks first.
 */
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIMITS } from '@listwise/domain/constants';
import {
  ESTIMATED_SALE_VALUE_RANGE_LABELS,
  IDEAL_TIMEFRAME_LABELS,
  PREFERRED_METHOD_LABELS,
  PROPERTY_TYPE_LABELS,
  type AdditionalFeature,
  type EstimatedSaleValueRange,
  type IdealTimeframeOfSale,
  type PreferredMethodOfSale,
  type PropertyMediaType,
  type PropertyType,
  type YesNo,
} from '@listwise/domain/enums';
import {
  ADDITIONAL_FEATURE_LABELS,
  CHECKBOX_FEATURES,
  editListingFormSchema,
  heatingCoolingOf,
  wholeNumberFromText,
  withHeatingCooling,
  type EditListingFormValues,
  type HeatingCooling,
} from '@listwise/domain/listing';
import { COUNT_QUESTIONS, questionRequirementsFor, SIZE_QUESTIONS } from '@listwise/domain/question-requirements';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Choice, ChoiceGroup, SelectField, TextAreaField } from '@/components/form-fields';
import type { UserMedia } from '@/components/media/media-api';
import { MediaPreview } from '@/components/media/media-preview';
import { MultiMediaUploader } from '@/components/media/multi-media-uploader';
import { PROPERTY_MEDIA_SECTIONS, propertyMediaListOf, roomForMedia } from '@/components/media/property-media-sections';
import { NotFoundPage } from '@/components/not-found';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/spinner';
import { RoomCountFields } from '@/components/property/room-count-fields';
import { SizeFields } from '@/components/property/size-fields';
import { TextLink } from '@/components/text-link';
import { UnsavedChangesDialog, useUnsavedChangesGuard } from '@/components/unsaved-changes';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePropertyDetail, type PropertyDetailData, type PropertyMediaItem } from '@/features/seller-properties/api/properties';
import {
  useAttachUserMediaToPublishedProperty,
  useRemovePropertyMediaFromPublishedProperty,
  useUpdatePublishedProperty,
  type PublishedPropertyChanges,
} from '@/features/seller-properties/api/published-listing';
import { fullAddress } from '@/features/seller-properties/lib/property-display';

export default function EditListingRoute() {
  useDocumentTitle('Edit listing');
  const { propertyId = '' } = useParams();
  const [{ data, error }] = usePropertyDetail(propertyId);
  if (errorCode(error) === 'not_found') return <NotFoundPage />;
  if (!data?.property) {
    if (error) return <p className="py-10 text-center text-ink-soft">{errorMessage(error)}</p>;
    return <PageSpinner />;
  }
  const property = data.property;
  return (
    <>
      <PageHeader title="Edit listing" eyebrow={<TextLink to={`/property/${property.id}`}>Back to Property Details</TextLink>} />
      <div className="mx-auto flex w-full max-w-page-header flex-col gap-10">
        <p className="text-lg font-semibold text-ink">{fullAddress(property)}</p>
        {property.state === 'ACTIVE' ? (
          <ListingEditor key={property.id} property={property} />
        ) : (
          <p className="rounded-xl border border-line bg-white p-5 text-ink">
            This listing is no longer published, so it cannot be changed.
          </p>
        )}
      </div>
    </>
  );
}

/** The form and the media, with the question asked before leaving while something is not saved. */
function ListingEditor({ property }: { property: PropertyDetailData }) {
  const [isFormDirty, setIsFormDirty] = useState(false);
  const [uploadingSections, setUploadingSections] = useState<ReadonlySet<PropertyMediaType>>(new Set());
  const isUploading = uploadingSections.size > 0;
  const { blocker, allowNextLeave } = useUnsavedChangesGuard(isFormDirty || isUploading);
  const onUploadingChange = useCallback(
    (type: PropertyMediaType, uploading: boolean) =>
      setUploadingSections((current) => {
        if (current.has(type) === uploading) return current;
        const next = new Set(current);
        if (uploading) next.add(type);
        else next.delete(type);
        return next;
      }),
    [],
  );

  return (
    <>
      <section className="flex flex-col gap-2 rounded-xl border border-line bg-white p-5" aria-labelledby="edit-how-saving-works">
        <h2 id="edit-how-saving-works" className="text-lg font-semibold text-ink">
          How your changes are saved
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-ink-soft">
          <li>
            <span className="font-semibold text-ink">Photos, floor plans and videos</span> are saved as soon as you add or remove them.
          </li>
          <li>
            <span className="font-semibold text-ink">Property details, sale information and notes</span> are saved only when you press
            &lsquo;Save changes&rsquo;.
          </li>
        </ul>
        <p className="text-ink-soft">
          The agents you asked see your listing marked as updated, and we e-mail them about your changes a few minutes after you make them.
        </p>
      </section>
      <ListingForm property={property} onDirtyChange={setIsFormDirty} onSaved={allowNextLeave} />
      <ListingMedia property={property} onUploadingChange={onUploadingChange} />
      <UnsavedChangesDialog blocker={blocker}>
        {isFormDirty && <p>Your changes to the property details, sale information or notes are not saved yet.</p>}
        {isUploading && <p>A photo or video is still uploading, and leaving now stops it.</p>}
        <p>Photos and videos already on the listing are saved.</p>
      </UnsavedChangesDialog>
    </>
  );
}

const optionsOf = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const text = (value: number | null) => (value == null ? '' : String(value));

function defaultsOf(property: PropertyDetailData): EditListingFormValues {
  return {
    propertyType: property.propertyType ?? '',
    numberOfBedrooms: text(property.numberOfBedrooms),
    numberOfBathrooms: text(property.numberOfBathrooms),
    numberOfToilets: text(property.numberOfToilets),
    numberOfCarSpaces: text(property.numberOfCarSpaces),
    numberOfLivingSpaces: text(property.numberOfLivingSpaces),
    heatingCooling: heatingCoolingOf(property.additionalFeatures),
    features: property.additionalFeatures.filter((f) => f !== 'HEATING' && f !== 'COOLING'),
    propertySizeSqm: text(property.propertySizeSqm),
    landSizeSqm: text(property.landSizeSqm),
    propertyAge: text(property.propertyAge),
    capitalImprovements: property.capitalImprovements ?? '',
    estimatedSaleValueRange: property.estimatedSaleValueRange ?? '',
    idealTimeframeOfSale: property.idealTimeframeOfSale ?? '',
    preferredMethodOfSale: property.preferredMethodOfSale ?? '',
    additionalInformation: property.additionalInformation ?? '',
  };
}

/** The changes to send: every question the chosen type asks (the server clears the ones it does not). */
function changesOf(values: EditListingFormValues): PublishedPropertyChanges {
  const requirements = questionRequirementsFor(values.propertyType as PropertyType);
  const changes: PublishedPropertyChanges = {
    propertyType: values.propertyType as PropertyType,
    capitalImprovements: (values.capitalImprovements || null) as YesNo | null,
    estimatedSaleValueRange: values.estimatedSaleValueRange as EstimatedSaleValueRange,
    idealTimeframeOfSale: values.idealTimeframeOfSale as IdealTimeframeOfSale,
    preferredMethodOfSale: values.preferredMethodOfSale as PreferredMethodOfSale,
    additionalInformation: values.additionalInformation.trim() || null,
  };
  for (const question of COUNT_QUESTIONS) {
    if (requirements[question] !== 'NOT_REQUIRED') changes[question] = values[question] ? Number(values[question]) : null;
  }
  for (const question of SIZE_QUESTIONS) {
    if (requirements[question] !== 'NOT_REQUIRED') changes[question] = wholeNumberFromText(values[question]);
  }
  if (requirements.additionalFeatures !== 'NOT_REQUIRED') {
    changes.additionalFeatures = withHeatingCooling(
      values.features as AdditionalFeature[],
      (values.heatingCooling || 'NONE') as HeatingCooling,
    );
  }
  return changes;
}

interface ListingFormProps {
  property: PropertyDetailData;
  onDirtyChange: (isDirty: boolean) => void;
  /** Called after a successful save, just before leaving for the property page. */
  onSaved: () => void;
}

function ListingForm({ property, onDirtyChange, onSaved }: ListingFormProps) {
  const navigate = useNavigate();
  const [, update] = useUpdatePublishedProperty();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<EditListingFormValues>({
    resolver: zodResolver(editListingFormSchema),
    mode: 'onTouched',
    defaultValues: defaultsOf(property),
  });
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);
  const requirements = questionRequirementsFor((useWatch({ control, name: 'propertyType' }) || null) as PropertyType | null);
  const additionalInformation = useWatch({ control, name: 'additionalInformation' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const result = await update({ propertyId: property.id, changes: changesOf(values) });
    if (result.error) {
      setServerError(errorMessage(result.error));
      return;
    }
    showToast('Your listing is updated. The agents you asked will be told.', { tone: 'success' });
    onSaved();
    navigate(`/property/${property.id}`);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-8" aria-labelledby="edit-details-title">
      <div>
        <h2 id="edit-details-title" className="text-xl font-semibold text-ink">
          Property details
        </h2>
        <p className="mt-1 text-ink-soft">Saved when you press &lsquo;Save changes&rsquo; at the end of this form.</p>
      </div>
      <SelectField
        label="Property type"
        options={optionsOf(PROPERTY_TYPE_LABELS)}
        required
        error={errors.propertyType?.message}
        {...register('propertyType')}
      />
      <RoomCountFields requirements={requirements} register={register} errors={errors} />
      {requirements.additionalFeatures !== 'NOT_REQUIRED' && (
        <ChoiceGroup legend="Features">
          {CHECKBOX_FEATURES.map((feature) => (
            <Choice key={feature} type="checkbox" value={feature} label={ADDITIONAL_FEATURE_LABELS[feature]} {...register('features')} />
          ))}
        </ChoiceGroup>
      )}
      <SizeFields requirements={requirements} register={register} errors={errors} />
      <ChoiceGroup legend="Any capital improvements?" layout="row">
        <Choice type="radio" value="YES" label="Yes" {...register('capitalImprovements')} />
        <Choice type="radio" value="NO" label="No" {...register('capitalImprovements')} />
      </ChoiceGroup>

      <h2 className="text-xl font-semibold text-ink">Sale information</h2>
      <div className="grid grid-cols-1 gap-5 md:grid-cols-3">
        <SelectField
          label="Estimated sale value"
          options={optionsOf(ESTIMATED_SALE_VALUE_RANGE_LABELS)}
          required
          error={errors.estimatedSaleValueRange?.message}
          {...register('estimatedSaleValueRange')}
        />
        <SelectField
          label="Ideal timeframe of sale"
          options={optionsOf(IDEAL_TIMEFRAME_LABELS)}
          required
          error={errors.idealTimeframeOfSale?.message}
          {...register('idealTimeframeOfSale')}
        />
        <SelectField
          label="Preferred method of sale"
          options={optionsOf(PREFERRED_METHOD_LABELS)}
          required
          error={errors.preferredMethodOfSale?.message}
          {...register('preferredMethodOfSale')}
        />
      </div>
      <TextAreaField
        label="Additional information (optional)"
        rows={5}
        maxLength={LIMITS.additionalInformation}
        valueLength={additionalInformation.length}
        error={errors.additionalInformation?.message}
        {...register('additionalInformation')}
      />
      <FormError message={serverError} />
      <div className="flex flex-col-reverse gap-4 border-t border-line pt-6 md:flex-row md:items-center md:justify-between">
        <TextLink to={`/property/${property.id}`}>Discard changes</TextLink>
        <div className="flex flex-col gap-2 md:flex-row md:items-center md:gap-4">
          <p role="status" className="text-sm font-medium text-ink-soft empty:hidden">
            {isDirty ? 'You have unsaved changes.' : null}
          </p>
          <Button type="submit" isLoading={isSubmitting}>
            Save changes
          </Button>
        </div>
      </div>
    </form>
  );
}

/** Photos, floor plans and videos: each added or removed at once (no 'Save' needed). */
function ListingMedia({
  property,
  onUploadingChange,
}: {
  property: PropertyDetailData;
  onUploadingChange: (type: PropertyMediaType, isUploading: boolean) => void;
}) {
  const [, attach] = useAttachUserMediaToPublishedProperty();
  const [, remove] = useRemovePropertyMediaFromPublishedProperty();

  const onUploaded = useCallback(
    (type: PropertyMediaType) => async (media: UserMedia) => {
      const result = await attach({ propertyId: property.id, propertyMediaType: type, userMediaId: media.id });
      // Thrown so the uploader keeps the file's tile with the message.
      if (result.error) throw result.error;
    },
    [attach, property.id],
  );

  const onRemove = async (item: PropertyMediaItem) => {
    const result = await remove({ propertyMediaId: item.id });
    if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
  };

  return (
    <section aria-labelledby="edit-media-title" className="flex flex-col gap-8 border-t border-line pt-8">
      <div>
        <h2 id="edit-media-title" className="text-xl font-semibold text-ink">
          Photos &amp; Video
        </h2>
        <p className="mt-1 text-ink-soft">Saved as soon as you add or remove them: no need to press &lsquo;Save changes&rsquo;.</p>
      </div>
      {PROPERTY_MEDIA_SECTIONS.map((section) => {
        const list = propertyMediaListOf(property, section.type);
        return (
          <section key={section.type} aria-labelledby={`edit-media-${section.type}`} className="flex flex-col gap-4">
            <h3 id={`edit-media-${section.type}`} className="text-lg font-semibold text-ink">
              {section.label} <span className="text-base font-normal text-ink-soft">({list.length})</span>
            </h3>
            {list.length > 0 && (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3" aria-label={`${section.label} on the listing`}>
                {list.map((item, index) => (
                  <li key={item.id}>
                    <MediaPreview media={item.userMedia} label={`${section.itemLabel} ${index + 1}`} onRemove={() => void onRemove(item)} />
                  </li>
                ))}
              </ul>
            )}
            <MultiMediaUploader
              label={`Upload ${section.label.toLowerCase()}`}
              accept={section.accept}
              buttonText={section.button}
              maxFiles={roomForMedia(property, section.type)}
              onUploaded={onUploaded(section.type)}
              onUploadingChange={(isUploading) => onUploadingChange(section.type, isUploading)}
            />
          </section>
        );
      })}
    </section>
  );
}
