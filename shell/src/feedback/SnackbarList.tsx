import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { SNACKBAR_STACK_GAP_PX, useSnackbars } from 'shared-kernel/runtime';

/** The snackbars on screen (SnackbarHost loads this chunk with the first one). */
export default function SnackbarList() {
  const items = useSnackbars((s) => s.items);
  const close = useSnackbars((s) => s.close);
  return (
    <div className="wz-snackbars" aria-live="polite">
      {items.map((item, index) => (
        <div
          key={item.id}
          className={`wz-snackbar ${item.error ? 'wz-snackbar--error' : 'wz-snackbar--success'}`}
          role={item.error ? 'alert' : 'status'}
          style={{ top: 72 + index * SNACKBAR_STACK_GAP_PX }}
        >
          {item.error ? <WarningOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
          <span className="wz-snackbar__text">{item.text}</span>
          <button type="button" className="wz-icon-btn wz-snackbar__close" aria-label="Fermer" onClick={() => close(item.id)}>
            <CloseOutlined aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
