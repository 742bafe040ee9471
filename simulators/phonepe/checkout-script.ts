/**
 * The simulator's stand-in for PhonePe's `checkout.js`: `window.PhonePeCheckout.transact({ tokenUrl, callback,
 * type })` and `closePage()`. With type 'IFRAME' the pay page opens in a full-screen frame, and its message
 * (from the frame's own origin only) closes the frame and calls back 'CONCLUDED' or 'USER_CANCEL'; without a type
 * the whole page goes to the pay page. Styles are set through the DOM, which a strict CSP allows.
 */
export const CHECKOUT_SCRIPT = `(function () {
  'use strict';
  var FRAME_ID = 'phonepe-simulator-frame';
  var active = null;

  function closePage() {
    var frame = document.getElementById(FRAME_ID);
    if (frame) frame.remove();
    if (active) {
      window.removeEventListener('message', active.listener);
      if (active.returnFocus && typeof active.returnFocus.focus === 'function') active.returnFocus.focus();
      active = null;
    }
  }

  function transact(options) {
    var tokenUrl = options && options.tokenUrl;
    var callback = options && options.callback;
    if (typeof tokenUrl !== 'string' || !tokenUrl) throw new Error('PhonePeCheckout.transact needs a tokenUrl');
    if (options.type !== 'IFRAME') {
      window.location.href = tokenUrl;
      return;
    }
    closePage();
    var origin = new URL(tokenUrl, window.location.href).origin;
    var frame = document.createElement('iframe');
    frame.id = FRAME_ID;
    frame.title = 'PhonePe payment';
    frame.src = tokenUrl;
    var style = frame.style;
    style.position = 'fixed';
    style.inset = '0';
    style.width = '100%';
    style.height = '100%';
    style.border = '0';
    style.zIndex = '2147483647';
    style.background = 'rgba(20, 10, 40, 0.6)';
    function listener(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data;
      if (!data || data.source !== 'phonepe-simulator') return;
      if (data.status !== 'CONCLUDED' && data.status !== 'USER_CANCEL') return;
      closePage();
      if (typeof callback === 'function') callback(data.status);
    }
    active = { listener: listener, returnFocus: document.activeElement };
    window.addEventListener('message', listener);
    document.body.appendChild(frame);
    frame.focus();
  }

  window.PhonePeCheckout = { transact: transact, closePage: closePage };
})();
`;
