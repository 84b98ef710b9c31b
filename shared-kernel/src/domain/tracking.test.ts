import { carrierTrackingUrl } from './tracking';

describe('carrierTrackingUrl', () => {
  it("links a known carrier's tracking page, the number encoded; an unknown carrier or no number → null", () => {
    expect(carrierTrackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?loc=fr_FR&tracknum=1Z999AA10123456784');
    expect(carrierTrackingUrl('Colissimo', '6A12345678901')).toBe('https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901');
    expect(carrierTrackingUrl('chronopost express', 'XY 12')).toBe(
      'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=XY%2012',
    );
    expect(carrierTrackingUrl('Transporteur du coin', '42')).toBeNull();
    expect(carrierTrackingUrl('UPS', '  ')).toBeNull();
    expect(carrierTrackingUrl(null, '1Z')).toBeNull();
    // "ups" inside another word is not UPS
    expect(carrierTrackingUrl('Groupsped', '1')).toBeNull();
  });
});
