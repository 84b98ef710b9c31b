import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { SNACKBAR_STACK_GAP_PX, useSnackbars } from 'shared-kernel/runtime';

/**
 * Spec §8: snackbars 5 s (the store closes them), stacked 75 px apart from the top (below the
 * header, never over a drawer's or a form's bottom buttons), error = orange
 * with an alert icon, success = blue with a check icon, closable.
 */
export function SnackbarHost() {
  const items = useSnackbars((s) => s.items);
  const close = useSnackbars((s) => s.close);
  if (items.length === 0) return null;
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
