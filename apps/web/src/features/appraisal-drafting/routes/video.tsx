/**
 * Step 4 of 5 (optional): a video for the seller. The agent cannot go on while the upload is in progress;
 * the video can be removed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AppraisalValues } from '@/components/appraisal/appraisal-fields';
import type { UserMedia } from '@/components/media/media-api';
import { MediaUploader } from '@/components/media/media-uploader';
import { errorMessage } from '@/lib/errors';
import { useUpdateVideo } from '@/features/appraisal-drafting/api/draft-appraisal';
import { DraftPage, hasRequiredAnswers, StepFooter, stepPath } from '@/features/appraisal-drafting/components/draft-page';

function VideoForm({ requestId, draft }: { requestId: string; draft: AppraisalValues }) {
  const navigate = useNavigate();
  const [{ fetching }, save] = useUpdateVideo();
  const [video, setVideo] = useState<UserMedia | null>(draft.appraisalVideo);
  const [isUploading, setIsUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isUploading) return;
    setServerError(null);
    const videoUserMediaId = video?.id ?? null;
    if (videoUserMediaId !== (draft.appraisalVideo?.id ?? null)) {
      const result = await save({ id: draft.id, videoUserMediaId });
      if (result.error) return setServerError(errorMessage(result.error));
    }
    navigate(stepPath(requestId, 'additional-notes'));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <p className="leading-7 text-ink-soft">
        A short video introducing yourself and your view of the property helps the seller choose. It is optional.
      </p>
      <MediaUploader label="Video" accept="video" value={video} onChange={setVideo} onUploadingChange={setIsUploading} />
      <StepFooter
        backTo={stepPath(requestId, 'comparable-sales')}
        skipTo={isUploading || !hasRequiredAnswers(draft) ? undefined : stepPath(requestId, 'summary')}
        isSubmitting={fetching}
        isNextDisabled={isUploading}
        error={serverError}
      />
    </form>
  );
}

export default function VideoRoute() {
  return (
    <DraftPage title="Video" step={4}>
      {({ requestId, draft }) => <VideoForm requestId={requestId} draft={draft} />}
    </DraftPage>
  );
}
