import Glibc
import RayPetsUI

// RayPets' entry point; what it does is `RayPetsMain` (shared with the start-up benchmark).
exit(RayPetsMain.run())
