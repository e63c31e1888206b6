import CCairo
import Spruce
