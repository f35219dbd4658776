import { createContext, useContext } from 'react'
import { LANGUAGES } from '../api/definition'

/**
 * The languages the builder edits texts in (`formLanguages`), given by the builder to every text
 * input and the preview beneath it.
 */
export const FormLanguages = createContext<readonly string[]>(LANGUAGES)

/** The languages of the builder this component is in. */
export const useFormLanguages = () => useContext(FormLanguages)
