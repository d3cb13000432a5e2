// The report's "print / save as PDF" button (no inline handler: the CSP allows scripts from the site only).
document.addEventListener("click", (e) => {
  if (e.target.closest("[data-print]")) window.print();
});
