; Scopes, definitions and references: templates are defined at the top level and used by
; name in cells; layouts are defined and used by nothing (the app picks one by name).
(source_file) @local.scope

(template_declaration
  name: (identifier) @local.definition.type)

(layout_declaration
  name: (identifier) @local.definition.function)

(template_reference
  (identifier) @local.reference)
