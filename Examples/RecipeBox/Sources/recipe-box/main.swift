import Glibc
import RecipeBoxUI

// RecipeBox: `recipe-box [recipebox://recipe/ID[/step/N]]`.
exit(MainActor.assumeIsolated { RecipeBoxApp().run() })
