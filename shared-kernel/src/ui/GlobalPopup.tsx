import { usePopup } from '../runtime/popup-store';
import { Popup } from './Popup';

/** The global popup of the runtime popup store; the shell mounts it once. */
export function GlobalPopup() {
  const popup = usePopup((s) => s.popup);
  const close = usePopup((s) => s.close);
  if (!popup) return null;
  return (
    <Popup
      key={popup.id}
      open
      title={popup.title}
      okText={popup.okText}
      cancelText={popup.cancelText}
      error={popup.error}
      validationText={popup.validationText}
      small={popup.small}
      onOk={popup.onOk}
      onCancel={popup.onCancel}
      onClose={close}
    >
      {popup.content}
    </Popup>
  );
}
