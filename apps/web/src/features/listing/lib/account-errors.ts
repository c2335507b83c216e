/** Seller account update errors are toasts (spec 001 §8): e-mail in use, e-mail invalid, otherwise 'Something went wrong'. */
import { ERROR_MESSAGES } from '@listwise/domain/errors';
import { errorCode, errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';

export function toastAccountError(error: unknown) {
  const code = errorCode(error);
  const message =
    code === 'email_is_already_in_use'
      ? ERROR_MESSAGES.email_is_already_in_use
      : code === 'email_invalid'
        ? ERROR_MESSAGES.email_invalid
        : code === null
          ? errorMessage(error) // network and unreadable answers keep their own texts
          : 'Something went wrong';
  showToast(message, { tone: 'error' });
}
