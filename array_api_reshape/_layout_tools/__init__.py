"""Layer 8, the layout tools: the functions behind the public ``array_api_reshape.layout``
(introspection, the reshape explainer, column-major reshape, in-place resize and layout
diagrams), beyond the standard and used by nothing in it."""
