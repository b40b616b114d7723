/**
 * Bridge from code outside React (the http client) to antd's context-aware message and modal APIs.
 * The app's providers bind the instances of `App.useApp()` once; before that, antd's static functions
 * are used so nothing is ever dropped.
 */
import { type App, Modal, message } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type ConfirmConfig = Parameters<AppApi['modal']['confirm']>[0];

let bound: Pick<AppApi, 'message' | 'modal'> | null = null;

/** Called by the providers with the instances of App.useApp(). */
export function bindFeedback(api: Pick<AppApi, 'message' | 'modal'>): void {
  bound = api;
}

/** Shows an error toast for `seconds` (spec §8: 3 s). Toasts with the same text replace each other. */
export function toastError(text: string, seconds = 3): void {
  const config = { content: text, duration: seconds, key: `error:${text}` };
  if (bound) bound.message.error(config);
  else message.error(config);
}

/** Shows a success toast. */
export function toastSuccess(text: string): void {
  if (bound) bound.message.success(text);
  else message.success(text);
}

/** Opens a confirm dialog. */
export function confirmDialog(config: ConfirmConfig): void {
  if (bound) bound.modal.confirm(config);
  else Modal.confirm(config);
}
