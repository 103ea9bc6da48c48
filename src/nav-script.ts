// §2 shared layout: loads the global header's navigation script (contract/nav-header.ts) into the
// page, once per page load (the navHeader machine asks once). It resolves when the script has
// defined its element, and rejects when the script does not load or defines nothing: the site's
// own header then stays, and the app reports the failure.
import { NAV_ELEMENT } from '../contract/nav-header.ts';

export function loadNavScript(url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (customElements.get(NAV_ELEMENT)) {
      resolve();
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      if (customElements.get(NAV_ELEMENT)) resolve();
      else reject(new Error(`the script defined no <${NAV_ELEMENT}> element`));
    };
    script.onerror = () => reject(new Error('the script could not be loaded'));
    document.head.append(script);
  });
}
