// /dashboard/reservations: the orders list with kind=reservation; each row shows its booked slots (event, slot,
// places) from the list answer, no detail request per row. The shop's staff also get the 'Par créneau' view
// (`?view=slots`, seeAllResa: slots by day with their participants, check-in, move, cancel) and 'Nouvelle réservation'
// (createResa).
import { Flex, Segmented, Typography } from 'antd';
import { LinkButton, withQueryScope } from 'shared-kernel/kit';
import { useSearchParams } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { OrdersList } from '../orders/list/OrdersList';
import { useTexts as useDeskTexts } from './desk.texts';
import { useResaRights } from './permissions';
import { SlotsView } from './slots/SlotsView';
import { useTexts } from './texts';

type View = 'list' | 'slots';

/** The list parameters of each view: switching views leaves the other's behind. */
const SLOT_PARAMS = ['view', 'from', 'event'];

export default withQueryScope(function ReservationsListPage() {
  const k = useTexts();
  const t = useDeskTexts();
  const rights = useResaRights();
  const mobile = useLayoutMode() === 'mobile';
  const [params, setParams] = useSearchParams();
  const view: View = rights.see && params.get('view') === 'slots' ? 'slots' : 'list';
  const switchTo = (v: View) =>
    setParams((prev) => (v === 'slots' ? { view: 'slots' } : new URLSearchParams([...prev].filter(([key]) => !SLOT_PARAMS.includes(key)))));
  const bar =
    rights.see || rights.act ? (
      <Flex wrap gap={8} align="center" justify="space-between" style={{ padding: mobile ? '12px 12px 0' : '16px 16px 0' }}>
        {rights.see ? (
          <div role="radiogroup" aria-label={t.view}>
            <Segmented<View>
              value={view}
              onChange={switchTo}
              options={[
                { value: 'list', label: t.views.list },
                { value: 'slots', label: t.views.slots },
              ]}
            />
          </div>
        ) : (
          <span />
        )}
        {rights.act && (
          <LinkButton type="primary" to="/dashboard/reservations/add">
            {t.newReservation}
          </LinkButton>
        )}
      </Flex>
    ) : null;

  if (view === 'list')
    return (
      <>
        {bar}
        <OrdersList kind="reservation" texts={k} />
      </>
    );
  return (
    <>
      {bar}
      <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {k.sellerTitle}
        </Typography.Title>
        <SlotsView />
      </Flex>
    </>
  );
});
