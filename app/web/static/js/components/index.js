// Every custom element of the page, registered on import.
import "./language-switch.js";
