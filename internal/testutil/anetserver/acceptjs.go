package anetserver

// AcceptJS stands in for Accept.js in browser tests (served at
// https://jstest.authorize.net/v1/Accept.js by the test's route): it offers
// Accept.dispatchData(secureData, handler) as the real script does
// (https://developer.authorize.net/api/reference/features/acceptjs.html) and
// posts the card, as securePaymentContainerRequest, to the sandbox API
// address, which the test routes to this stand-in. The card goes from the
// browser to the gateway only, never to watchwin.
const AcceptJS = `(function () {
  var api = 'https://apitest.authorize.net/xml/v1/request.api';
  function fail(code, text) { return { messages: { resultCode: 'Error', message: [{ code: code, text: text }] } }; }
  window.Accept = {
    dispatchData: function (secureData, handler) {
      var a = secureData && secureData.authData, c = secureData && secureData.cardData;
      if (!a || !a.clientKey || !a.apiLoginID) { handler(fail('E_WC_10', 'Please provide valid apiloginid.')); return; }
      if (!c || !c.cardNumber) { handler(fail('E_WC_05', 'Please provide valid credit card number.')); return; }
      var year = String(c.year || ''); if (year.length === 2) { year = '20' + year; }
      var body = { securePaymentContainerRequest: {
        merchantAuthentication: { name: a.apiLoginID, clientKey: a.clientKey },
        refId: String(Date.now()).slice(-10),
        data: { type: 'TOKEN', id: 'standin-' + Math.random().toString(36).slice(2),
          token: { cardNumber: String(c.cardNumber).replace(/\s+/g, ''), expirationDate: String(c.month) + year, cardCode: c.cardCode || '' } } } };
      fetch(api, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })
        .then(function (r) { return r.text(); })
        .then(function (t) { handler(JSON.parse(t.replace(/^\uFEFF/, ''))); })
        .catch(function () { handler(fail('E_WC_14', 'Accept.js encryption failed.')); });
    }
  };
})();
`
