<?php
// A stand-in for the few Drupal classes a block plug-in uses (Drupal itself cannot run here): it loads the block
// class file of argument 1, builds the block with the configuration of argument 2 (JSON) and prints its defaults,
// its settings form, the configuration after a form submit of argument 3 (JSON) and its render array.
// Named a fake on purpose: only the block is under test.
namespace Drupal\Core\Form {
    interface FormStateInterface {
        public function getValue($key);
    }
}

namespace Drupal\Core\Block {
    abstract class BlockBase {
        public $configuration;
        public function __construct(array $configuration = array()) {
            $this->configuration = $configuration + $this->defaultConfiguration();
        }
        public function defaultConfiguration() { return array(); }
        public function t($text) { return $text; }
    }
}

namespace {
    class Drupal {
        public static function service($name) {
            if ($name !== 'extension.list.module') throw new Exception("unexpected service $name");
            return new class {
                public function getPath($module) { return 'modules/custom/' . $module; }
            };
        }
    }
    function base_path() { return '/'; }
    class FakeFormState implements Drupal\Core\Form\FormStateInterface {
        private $values;
        public function __construct($values) { $this->values = $values; }
        public function getValue($key) { return isset($this->values[$key]) ? $this->values[$key] : null; }
    }
    $before = get_declared_classes();
    require $argv[1];
    $class = null;
    foreach (array_diff(get_declared_classes(), $before) as $declared) {
        if (is_subclass_of($declared, 'Drupal\Core\Block\BlockBase')) $class = $declared;
    }
    $block = new $class(json_decode($argv[2], true));
    $defaults = $block->defaultConfiguration();
    $form = $block->blockForm(array(), new FakeFormState(array()));
    $built = $block->build();
    $block->blockSubmit($form, new FakeFormState(json_decode($argv[3], true)));
    echo json_encode(array(
        'class' => $class,
        'defaults' => $defaults,
        'form' => $form,
        'build' => $built,
        'submitted' => $block->configuration,
    ));
}
