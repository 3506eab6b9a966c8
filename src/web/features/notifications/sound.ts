import { NOTIFICATION_SOUND_VOLUME } from '../../../shared/constants';

export const NOTIFICATION_SOUND_URL = '/sounds/notification.wav';

/** Plays the notification chime at half volume; a browser that refuses autoplay simply stays quiet. */
export function playNotificationSound(): void {
  if (typeof Audio === 'undefined') return;
  try {
    const audio = new Audio(NOTIFICATION_SOUND_URL);
    audio.volume = NOTIFICATION_SOUND_VOLUME;
    void audio.play()?.catch(() => undefined);
  } catch {
    // no audio output available
  }
}
