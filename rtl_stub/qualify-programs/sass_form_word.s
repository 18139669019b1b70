// sass_form_word.s - a native program whose first word is of the sass form B2R.RESULT
// (stype 0, optype 0x55; run it with +words=sass_form_word.words, which replaces the NOP).
// In native it is ILLEGAL_ENCODING (N-37: a word of another profile).  core.sv:264
// `f != FORM_NONE && PROFILE_FORMS[f]` made `||` keeps the sass form, so the word is legal and
// retires without the exception.  The generator's planted illegal words are never another
// profile's form.
.threads 32
/*0000*/ NOP ;
/*0010*/ EXIT ;
