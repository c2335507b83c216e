/**
 * /new-property/photos — 'Photos & Video', step 5 of 6, optional (spec 001 §2, §5, §9): photos, floor plans and
 * videos uploaded with the shared uploader and attached to the draft as each arrives; photos plus videos at most
 * 20, floor plans at most 20, videos at most 5. Each list can be reordered and items removed.
 */
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PropertyMediaType } from '@listwise/domain/enums';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import type { UserMedia } from '@/components/media/media-api';
import { MediaPreview } from '@/components/media/media-preview';
import { MultiMediaUploader } from '@/components/media/multi-media-uploader';
import { PROPERTY_MEDIA_SECTIONS, propertyMediaListOf, roomForMedia } from '@/components/media/property-media-sections';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import {
  useAttachUserMediaToDraftProperty,
  useRemovePropertyMediaFromDraftProperty,
  useReorderDraftPropertyMedia,
  type DraftProperty,
  type DraftPropertyMedia,
} from '@/features/listing/api/draft-property';
import { DraftGate } from '@/features/listing/components/draft-gate';
import { RequiredAnswersNote } from '@/features/listing/components/required-answers-note';
import { WizardFooter, WizardPage } from '@/features/listing/components/wizard-page';
import { WIZARD_PATHS } from '@/features/listing/lib/wizard-flow';
import { useSaveNextPage } from '@/features/listing/lib/use-save-next-page';

export default function PhotosRoute() {
  return <DraftGate>{({ draft }) => <PhotosForm draft={draft} />}</DraftGate>;
}

function PhotosForm({ draft }: { draft: DraftProperty }) {
  const navigate = useNavigate();
  const saveNextPage = useSaveNextPage();
  const [, attach] = useAttachUserMediaToDraftProperty();
  const [, remove] = useRemovePropertyMediaFromDraftProperty();
  const [, reorder] = useReorderDraftPropertyMedia();
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isUploading = Object.values(uploading).some(Boolean);

  const onUploaded = (type: PropertyMediaType) => async (media: UserMedia) => {
    const result = await attach({ propertyId: draft.id, propertyMediaType: type, userMediaId: media.id });
    // Thrown so the uploader keeps the file's tile with the message.
    if (result.error) throw result.error;
  };

  const onRemove = async (item: DraftPropertyMedia) => {
    const result = await remove({ propertyMediaId: item.id });
    if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
  };

  const onMove = async (list: DraftPropertyMedia[], index: number, offset: -1 | 1) => {
    const ids = list.map((m) => m.id);
    const target = index + offset;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    const result = await reorder({ propertyId: draft.id, propertyMediaIds: ids });
    if (result.error) showToast(errorMessage(result.error), { tone: 'error' });
  };

  const setUploadingFor = useCallback(
    (type: PropertyMediaType) => (value: boolean) => setUploading((all) => (all[type] === value ? all : { ...all, [type]: value })),
    [],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isUploading) {
      setServerError('Please wait for your uploads to finish.');
      return;
    }
    setServerError(null);
    setIsSubmitting(true);
    await saveNextPage(WIZARD_PATHS.additionalInfo);
    navigate(WIZARD_PATHS.additionalInfo);
  };

  return (
    <WizardPage
      step="photos"
      title="Photos & Video"
      description="Optional: photos help agents give an accurate appraisal. Add up to 20 photos and videos (at most 5 videos) and up to 20 floor plans."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-10">
        <RequiredAnswersNote step="photos" propertyType={draft.propertyType} />
        {PROPERTY_MEDIA_SECTIONS.map((section) => {
          const list = propertyMediaListOf(draft, section.type);
          return (
            <section key={section.type} aria-labelledby={`media-${section.type}`} className="flex flex-col gap-4">
              <h2 id={`media-${section.type}`} className="text-lg font-semibold text-ink">
                {section.label} <span className="text-base font-normal text-ink-soft">({list.length})</span>
              </h2>
              {list.length > 0 && (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3" aria-label={`${section.label} added`}>
                  {list.map((item, index) => (
                    <li key={item.id} className="flex flex-col gap-1">
                      <MediaPreview
                        media={item.userMedia}
                        label={`${section.itemLabel} ${index + 1}`}
                        onRemove={() => void onRemove(item)}
                      />
                      {list.length > 1 && (
                        <div className="flex gap-1">
                          <Button
                            variant="ghost"
                            width="auto"
                            className="min-h-11 px-2 text-sm whitespace-nowrap"
                            aria-label={`Move ${section.itemLabel} ${index + 1} earlier`}
                            disabled={index === 0}
                            onClick={() => void onMove(list, index, -1)}
                          >
                            <span aria-hidden="true">←</span> Earlier
                          </Button>
                          <Button
                            variant="ghost"
                            width="auto"
                            className="min-h-11 px-2 text-sm whitespace-nowrap"
                            aria-label={`Move ${section.itemLabel} ${index + 1} later`}
                            disabled={index === list.length - 1}
                            onClick={() => void onMove(list, index, 1)}
                          >
                            Later <span aria-hidden="true">→</span>
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <MultiMediaUploader
                label={`Upload ${section.label.toLowerCase()}`}
                accept={section.accept}
                buttonText={section.button}
                maxFiles={roomForMedia(draft, section.type)}
                onUploaded={onUploaded(section.type)}
                onUploadingChange={setUploadingFor(section.type)}
              />
            </section>
          );
        })}
        <FormError message={serverError} />
        <WizardFooter backTo={WIZARD_PATHS.saleInfo} isSubmitting={isSubmitting} />
      </form>
    </WizardPage>
  );
}
