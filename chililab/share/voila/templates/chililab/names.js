// Accessible names for the controls ipywidgets draws without one (chililab's Voila template, issue 22).
// A slider's handle (<div role="slider">) is never tied to its widget's description, and a control whose
// description is shown elsewhere (an explorer's label above it, the balance explorer's option column) or
// that has none has no name either. Each such control gets aria-label: its widget's description text, else
// the widget's tooltip (title attribute; chililab sets one wherever the description is not drawn).
(function () {
  if (window.__chiliNames) return;
  window.__chiliNames = true;
  var CONTROLS = ".noUi-handle, select, input:not([type=hidden]), textarea";
  function text(el) { return el ? (el.textContent || "").replace(/\s+/g, " ").trim() : ""; }
  function labelled(control) {
    if (control.dataset.chiliNamed) return false;  // ours: computed again (the description may change)
    if (control.getAttribute("aria-label") || control.getAttribute("aria-labelledby")) return true;
    if (control.id) {
      var label = document.querySelector('label[for="' + CSS.escape(control.id) + '"]');
      if (label && text(label)) return true;
    }
    return !!text(control.closest("label"));
  }
  function widgetName(control) {
    var widget = control.closest(".jupyter-widgets");
    while (widget) {
      var label = widget.querySelector(":scope > .widget-label");
      var name = text(label) || widget.getAttribute("title") || (label && label.getAttribute("title")) || "";
      if (name) return name;
      widget = widget.parentElement && widget.parentElement.closest(".jupyter-widgets");
      if (widget && widget.matches(".widget-box")) return "";  // a container: its name is not the control's
    }
    return "";
  }
  function nameAll() {
    document.querySelectorAll(CONTROLS).forEach(function (control) {
      if (labelled(control)) return;
      var name = widgetName(control);
      if (name && control.getAttribute("aria-label") !== name) {
        control.setAttribute("aria-label", name);
        control.dataset.chiliNamed = "1";
      }
    });
  }
  var queued = false;
  new MutationObserver(function () {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; nameAll(); });
  }).observe(document.documentElement, {childList: true, subtree: true, attributes: true,
                                         attributeFilter: ["title"]});
  nameAll();
})();
